import { useEffect, useState } from 'react';
import { authClient, signOut } from './auth-client.ts';
import { Form } from './form.tsx';
import { navigate } from './navigate.ts';

interface SessionRow {
  id: string;
  token: string;
  userAgent?: string | null;
}

/** Profile, password, sessions, organizations and deletion: each card one call of the official client. */
export function AccountPage() {
  const { data, isPending, refetch } = authClient.useSession();
  const [sessions, setSessions] = useState<SessionRow[]>([]);
  const loadSessions = async () =>
    setSessions(((await authClient.listSessions()).data ?? []) as SessionRow[]);
  const signedIn = data !== null && data !== undefined;
  useEffect(() => {
    if (signedIn) void loadSessions();
  }, [signedIn]);

  if (isPending) return <p>Loading…</p>;
  if (!data)
    return (
      <main>
        <h1>Welcome</h1>
        <a href="/sign-in">Sign in</a> <a href="/sign-up">Sign up</a>
      </main>
    );
  return (
    <main>
      <h1>Hello {data.user.name}</h1>
      <p>Signed in as {data.user.email}</p>
      <button type="button" onClick={() => signOut().then(() => navigate('/sign-in'))}>
        Sign out
      </button>
      <Form
        title="Profile"
        submit="Save name"
        done="Name saved"
        fields={[{ name: 'name', label: 'Name' }]}
        run={({ name = '' }) => authClient.updateUser({ name })}
        onDone={() => void refetch()}
      />
      <Form
        title="Password"
        submit="Change password"
        done="Password changed"
        fields={[
          { name: 'currentPassword', label: 'Current password', type: 'password' },
          { name: 'newPassword', label: 'New password', type: 'password' },
        ]}
        run={({ currentPassword = '', newPassword = '' }) =>
          authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true })
        }
        onDone={() => void loadSessions()}
      />
      <section aria-label="Sessions">
        <h2>Sessions</h2>
        <ul>
          {sessions.map((s) => (
            <li key={s.id}>
              {s.id === data.session.id ? 'This device' : 'Other device'}
              {s.id !== data.session.id && (
                <button
                  type="button"
                  onClick={() => authClient.revokeSession({ token: s.token }).then(loadSessions)}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <Form
        title="New organization"
        submit="Create organization"
        done="Organization created"
        fields={[{ name: 'orgName', label: 'Organization name' }]}
        run={({ orgName = '' }) =>
          authClient.organization.create({ name: orgName, slug: orgName.toLowerCase().replace(/\W+/g, '-') })
        }
      />
      <Form
        title="Invite"
        submit="Send invitation"
        done="Invitation sent"
        fields={[{ name: 'inviteEmail', label: 'Invitee email', type: 'email' }]}
        run={async ({ inviteEmail = '' }) => {
          const organizations = (await authClient.organization.list()).data ?? [];
          const organizationId = organizations[0]?.id;
          if (!organizationId) return { error: { message: 'Create an organization first' } };
          return authClient.organization.inviteMember({ email: inviteEmail, role: 'member', organizationId });
        }}
      />
      <Form
        title="Delete account"
        submit="Delete my account"
        done="Account deleted"
        fields={[{ name: 'deletePassword', label: 'Password to delete', type: 'password' }]}
        run={({ deletePassword = '' }) => authClient.deleteUser({ password: deletePassword })}
        onDone={() => navigate('/sign-up')}
      />
    </main>
  );
}
