import { escapeHtml } from '../util/escape-html.ts';
import type { EmailMessage } from './mailer.ts';

/** What every template needs: who it goes to and the link to act on. */
export interface TemplateInput {
  to: string;
  name: string;
  url: string;
}

/** What one kind of message says; `render` adds the greeting, the action and the layout. */
interface Wording {
  subject: string;
  lines: string[];
  /** The label of the action link. */
  action: string;
  /** What happens when the reader does nothing, so an unexpected message does not alarm them. */
  ignore: string;
}

/**
 * Both parts carry the same words. In the text part the link stands alone on its own line, so
 * mail clients and terminals detect it without swallowing punctuation; in the HTML part every
 * interpolated value is escaped, since names and addresses are chosen by users.
 */
function render(kind: EmailMessage['kind'], input: TemplateInput, wording: Wording): EmailMessage {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const textLines = [greeting, '', ...wording.lines, '', `${wording.action}:`, input.url];
  const text = [...textLines, '', wording.ignore].join('\n');
  const url = escapeHtml(input.url);
  const small = 'color:#666;font-size:12px;line-height:1.5';
  const button =
    'display:inline-block;padding:10px 18px;border-radius:6px;background:#1f2937;color:#ffffff;' +
    'text-decoration:none;font-weight:600';
  const html = [
    '<!doctype html>',
    '<html>',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(wording.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...wording.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${url}" style="${button}">${escapeHtml(wording.action)}</a></p>`,
    `<p style="${small}">If the button does not work, copy this address into your browser:<br>` +
      `<a href="${url}" style="color:#666;word-break:break-all">${url}</a></p>`,
    `<p style="${small}">${escapeHtml(wording.ignore)}</p>`,
    '</body>',
    '</html>',
  ].join('\n');
  return { kind, to: input.to, subject: wording.subject, text, html, link: input.url };
}

export const verificationEmail = (input: TemplateInput): EmailMessage =>
  render('verification', input, {
    subject: 'Verify your email address',
    lines: ['Please confirm that this email address belongs to you.'],
    action: 'Verify email address',
    ignore: 'If you did not create an account, you can ignore this message.',
  });

export const passwordResetEmail = (input: TemplateInput): EmailMessage =>
  render('password-reset', input, {
    subject: 'Reset your password',
    lines: ['Someone asked to reset the password of your account. The link works for a limited time.'],
    action: 'Choose a new password',
    ignore: 'If you did not ask for this, you can ignore this message: your password stays as it is.',
  });

export const emailChangeEmail = (input: TemplateInput & { newEmail: string }): EmailMessage =>
  render('email-change', input, {
    subject: 'Confirm your new email address',
    lines: [`You asked to change the email address of your account to ${input.newEmail}.`],
    action: 'Confirm the change',
    ignore: 'If you did not ask for this, you can ignore this message: your email address stays as it is.',
  });

export const accountDeletionEmail = (input: TemplateInput): EmailMessage =>
  render('account-deletion', input, {
    subject: 'Confirm deleting your account',
    lines: ['You asked to delete your account. Once confirmed, this cannot be undone.'],
    action: 'Delete my account',
    ignore: 'If you did not ask for this, you can ignore this message: your account stays as it is.',
  });

export const organizationInvitationEmail = (
  input: TemplateInput & { inviterName: string; organizationName: string; role: string },
): EmailMessage =>
  render('invitation', input, {
    subject: `Join ${input.organizationName}`,
    lines: [`${input.inviterName} invited you to join ${input.organizationName} as ${input.role}.`],
    action: 'Open the invitation',
    ignore: 'If you do not want to join, you can ignore this message: the invitation expires by itself.',
  });

/**
 * The emailed second-factor code. No link: the code is typed into the page that asked for it,
 * so a message read on another device cannot sign anyone in by a click.
 */
export function twoFactorCodeEmail(input: {
  to: string;
  name: string;
  code: string;
  minutes: number;
}): EmailMessage {
  const subject = 'Your sign-in code';
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const lines = [
    `Your code is ${input.code}. It works once, for ${input.minutes} minutes.`,
    'If you did not try to sign in, someone may know your password: change it.',
  ];
  const text = [greeting, '', ...lines].join('\n');
  const html = [
    '<!doctype html>',
    '<html>',
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p style="font-size:28px;font-weight:700;letter-spacing:4px">${escapeHtml(input.code)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    '</body>',
    '</html>',
  ].join('\n');
  return { kind: 'two-factor-code', to: input.to, subject, text, html, link: '', code: input.code };
}
