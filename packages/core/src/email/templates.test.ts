import { describe, expect, it } from 'vitest';
import type { EmailMessage } from './mailer.ts';
import {
  accountDeletionEmail,
  emailChangeEmail,
  organizationInvitationEmail,
  passwordResetEmail,
  type TemplateInput,
  verificationEmail,
} from './templates.ts';

// The ampersand exercises the escaping of the link inside href="…".
const URL_WITH_QUERY = 'https://auth.example.com/api/auth/verify-email?token=abc.def&callbackURL=%2F';
const input: TemplateInput = { to: 'eve@example.com', name: 'Eve', url: URL_WITH_QUERY };

const templates: Array<[string, EmailMessage['kind'], (i: TemplateInput) => EmailMessage, RegExp]> = [
  ['verification', 'verification', verificationEmail, /verify/i],
  ['password reset', 'password-reset', passwordResetEmail, /password/i],
  [
    'email change',
    'email-change',
    (i) => emailChangeEmail({ ...i, newEmail: 'new@example.com' }),
    /email address/i,
  ],
  ['account deletion', 'account-deletion', accountDeletionEmail, /delet/i],
  [
    'organization invitation',
    'invitation',
    (i) => organizationInvitationEmail({ ...i, inviterName: 'Ann', organizationName: 'Acme', role: 'admin' }),
    /Acme/,
  ],
];

describe.each(templates)('%s email', (_name, kind, template, subject) => {
  it('has its kind, recipient, subject and link', () => {
    const message = template(input);
    expect(message.kind).toBe(kind);
    expect(message.to).toBe('eve@example.com');
    expect(message.subject).toMatch(subject);
    expect(message.link).toBe(URL_WITH_QUERY);
  });

  it('puts the link on a line of its own in the text part', () => {
    const { text } = template(input);
    expect(text.split('\n')).toContain(URL_WITH_QUERY);
    expect(text).toMatch(/^Hello Eve,/);
  });

  it('puts the link, HTML-escaped, in the html part as a link and as text', () => {
    const { html } = template(input);
    const escaped = URL_WITH_QUERY.replaceAll('&', '&amp;');
    expect(html).toContain(`href="${escaped}"`);
    expect(html.split(escaped).length - 1).toBeGreaterThanOrEqual(2);
    expect(html).not.toContain('&callbackURL');
  });

  it('escapes a name that looks like markup in html, and keeps it as written in text', () => {
    const message = template({ ...input, name: '<b>Eve</b>' });
    expect(message.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(message.html).not.toContain('<b>Eve</b>');
    expect(message.text).toContain('Hello <b>Eve</b>,');
  });

  it('greets without a name when there is none', () => {
    const message = template({ ...input, name: '' });
    expect(message.text).toMatch(/^Hello,\n/);
    expect(message.html).toContain('<p>Hello,</p>');
  });
});

describe('email change email', () => {
  it('names the new address, escaped in html', () => {
    const message = emailChangeEmail({ ...input, newEmail: '"x"<y>@example.com' });
    expect(message.text).toContain('"x"<y>@example.com');
    expect(message.html).toContain('&quot;x&quot;&lt;y&gt;@example.com');
  });

  it('goes to `to`; the new address is only mentioned', () => {
    expect(emailChangeEmail({ ...input, newEmail: 'new@example.com' }).to).toBe('eve@example.com');
  });
});

describe('organization invitation email', () => {
  it('names the inviter, the organization and the role, escaping them in HTML', () => {
    const message = organizationInvitationEmail({
      ...input,
      inviterName: 'Ann <script>',
      organizationName: 'Acme & Co',
      role: 'admin',
    });
    expect(message.text).toContain('Ann <script> invited you to join Acme & Co as admin.');
    expect(message.html).toContain('Ann &lt;script&gt; invited you to join Acme &amp; Co as admin.');
    expect(message.html).not.toContain('<script>');
  });
});
