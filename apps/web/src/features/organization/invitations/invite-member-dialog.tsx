import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { DialogForm, FormActions, FormDialog } from '../../../components/form-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { roleChoices, roleLabel } from '../../../lib/role-label.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

const NO_TEAM = '';

/** The addresses in pasted text: separated by commas, semicolons, spaces or lines; each once. */
export function parseEmails(text: string): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const email = part.replace(/^<|>$/g, '').trim();
    if (email && !seen.has(email.toLowerCase())) {
      seen.add(email.toLowerCase());
      emails.push(email);
    }
  }
  return emails;
}

/**
 * Invites people by email with a role (and a team when the organization has teams): one address
 * or a pasted list. The server emails each a link to the invitation page. Addresses the server
 * refuses stay in the box with the reason, the others are sent. Only owners get the owner role.
 */
export function InviteMemberDialog() {
  const { t } = useTranslation();
  const { organization, permissions, customRoles } = useOrgContext();
  const roleId = useId();
  const teamId = useId();
  const orgChanged = useOrgChanged();
  const [open, setOpen] = useState(false);
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState('member');
  const [team, setTeam] = useState(NO_TEAM);
  const choices = roleChoices(
    (customRoles ?? []).map((each) => each.role),
    permissions.isOwner,
  );

  const addresses = parseEmails(emails);
  const invite = useMutation({
    // One at a time, in order: the server's per-address answers stay easy to match.
    mutationFn: async (list: string[]) => {
      const sent: string[] = [];
      const refused: { email: string; reason: string }[] = [];
      for (const email of list) {
        try {
          const invitation = await authClient.organizationInviteMember({
            email,
            role,
            organizationId: organization.id,
            ...(team ? { teamId: team } : {}),
          });
          sent.push(invitation.email);
        } catch (error) {
          refused.push({ email, reason: orgErrorMessage(error, t) });
        }
      }
      return { sent, refused };
    },
    onSuccess: async ({ sent, refused }) => {
      if (sent.length > 0) {
        toast.success(
          sent.length === 1
            ? t('invite.dialog.sentOne', { email: sent[0] ?? '' })
            : t('invite.dialog.sentMany', { count: sent.length }),
        );
        await orgChanged();
      }
      if (refused.length === 0) {
        setOpen(false);
        setEmails('');
      } else {
        setEmails(refused.map((each) => each.email).join('\n'));
      }
    },
  });
  const refused = invite.data?.refused ?? [];

  return (
    <FormDialog
      trigger={<Button>{t('invite.dialog.open')}</Button>}
      title={t('invite.dialog.title')}
      description={t('invite.dialog.explain', { name: organization.name })}
      open={open}
      onOpenChange={setOpen}
      resets={[invite]}
    >
      <DialogForm
        onSubmit={() => {
          if (addresses.length > 0) invite.mutate(addresses);
        }}
      >
        <Field label={t('invite.dialog.emails')} hint={t('invite.dialog.emailsHint')}>
          <Textarea
            rows={3}
            value={emails}
            onChange={(event) => setEmails(event.target.value)}
            autoComplete="off"
            required
          />
        </Field>
        <div className="space-y-1.5">
          <label htmlFor={roleId} className="block text-sm font-medium">
            {t('invite.dialog.role')}
          </label>
          <Select id={roleId} value={role} onChange={(event) => setRole(event.target.value)}>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {roleLabel(choice, t)}
              </option>
            ))}
          </Select>
        </div>
        {organization.teams && organization.teams.length > 0 && (
          <div className="space-y-1.5">
            <label htmlFor={teamId} className="block text-sm font-medium">
              {t('invite.dialog.team')}
            </label>
            <Select id={teamId} value={team} onChange={(event) => setTeam(event.target.value)}>
              <option value={NO_TEAM}>{t('invite.dialog.noTeam')}</option>
              {organization.teams.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </Select>
          </div>
        )}
      </DialogForm>
      <FormActions
        error={
          invite.isError
            ? orgErrorMessage(invite.error, t)
            : refused.length > 0
              ? t('invite.dialog.notSent', {
                  list: refused.map((each) => `${each.email} (${each.reason})`).join('; '),
                })
              : null
        }
        submitLabel={
          addresses.length > 1
            ? t('invite.dialog.sendMany', { count: addresses.length })
            : t('invite.dialog.send')
        }
        canSubmit={addresses.length > 0}
        pending={invite.isPending}
      />
    </FormDialog>
  );
}
