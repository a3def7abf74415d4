import type { EmailMessage } from './mailer.ts';

/** What every template needs: who it goes to and the link to act on. */
export interface TemplateInput {
  to: string;
  name: string;
  url: string;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function render(
  kind: EmailMessage['kind'],
  input: TemplateInput,
  subject: string,
  lines: string[],
  action: string,
): EmailMessage {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const text = [
    greeting,
    '',
    ...lines,
    '',
    `${action}: ${input.url}`,
    '',
    'If you did not ask for this, you can ignore this message.',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(input.url)}">${escapeHtml(action)}</a></p>`,
    `<p style="color:#666;font-size:12px">If the button does not work, open this address: ${escapeHtml(input.url)}</p>`,
    '<p style="color:#666;font-size:12px">If you did not ask for this, you can ignore this message.</p>',
  ].join('\n');
  return { kind, to: input.to, subject, text, html, link: input.url };
}

export const verificationEmail = (input: TemplateInput): EmailMessage =>
  render(
    'verification',
    input,
    'Verify your email address',
    ['Please confirm that this is your email address.'],
    'Verify email',
  );

export const passwordResetEmail = (input: TemplateInput): EmailMessage =>
  render(
    'password-reset',
    input,
    'Reset your password',
    ['Someone asked to reset the password of your account.'],
    'Choose a new password',
  );

export const emailChangeEmail = (input: TemplateInput & { newEmail: string }): EmailMessage =>
  render(
    'email-change',
    input,
    'Confirm your new email address',
    [`You asked to change your account's email address to ${input.newEmail}.`],
    'Confirm the change',
  );

export const accountDeletionEmail = (input: TemplateInput): EmailMessage =>
  render(
    'account-deletion',
    input,
    'Confirm deleting your account',
    ['You asked to delete your account. This cannot be undone.'],
    'Delete my account',
  );
