import { escapeHtml } from '../util/escape-html.ts';
import { type EmailWords, fillPlaceholders } from './email-words.ts';
import type { EmailLanguage } from './language.ts';
import type { EmailMessage } from './mailer.ts';
import { accountDeletionWords } from './words/account-deletion.ts';
import { emailChangeWords } from './words/email-change.ts';
import { invitationWords } from './words/invitation.ts';
import { layoutWords } from './words/layout.ts';
import { passwordResetWords } from './words/password-reset.ts';
import { twoFactorCodeWords } from './words/two-factor-code.ts';
import { verificationWords } from './words/verification.ts';

/** What every template needs: who it goes to, the link to act on, and the language to say it in. */
export interface TemplateInput {
  to: string;
  name: string;
  url: string;
  /** From the request that causes the message (`emailLanguage` in language.ts). */
  language: EmailLanguage;
}

/** What a message with an action link says; `render` adds the greeting, the link and the layout. */
type LinkWords = EmailWords<'subject' | 'body' | 'action' | 'ignore'>;

type Values = Record<string, string | number>;

export const greeting = (language: EmailLanguage, name: string): string =>
  name
    ? fillPlaceholders(layoutWords[language].greeting, { name })
    : layoutWords[language].greetingWithoutName;

/** The HTML document around a message's paragraphs, in its language; `title` is escaped here. */
export function htmlDocument(language: EmailLanguage, title: string, paragraphs: string[]): string {
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;line-height:1.5">',
    ...paragraphs,
    '</body>',
    '</html>',
  ].join('\n');
}

const SMALL = 'color:#666;font-size:12px;line-height:1.5';
const BUTTON =
  'display:inline-block;padding:10px 18px;border-radius:6px;background:#1f2937;color:#ffffff;' +
  'text-decoration:none;font-weight:600';

/** The HTML action button, and the link written out for clients that do not show the button. */
export function actionLink(language: EmailLanguage, link: string, action: string): string[] {
  const url = escapeHtml(link);
  return [
    `<p><a href="${url}" style="${BUTTON}">${escapeHtml(action)}</a></p>`,
    `<p style="${SMALL}">${escapeHtml(layoutWords[language].copyLink)}<br>` +
      `<a href="${url}" style="color:#666;word-break:break-all">${url}</a></p>`,
  ];
}

/** Small print under a message, escaped. */
export const smallPrint = (text: string): string => `<p style="${SMALL}">${escapeHtml(text)}</p>`;

/**
 * Both parts carry the same words, with `values` filled into the placeholders before anything is
 * escaped. In the text part the link stands alone on its own line, so mail clients and terminals
 * detect it without swallowing punctuation; in the HTML part every interpolated value is escaped,
 * since names and addresses are chosen by users.
 */
function render(
  kind: EmailMessage['kind'],
  input: TemplateInput,
  words: LinkWords,
  values: Values = {},
): EmailMessage {
  const { language } = input;
  const say = (key: keyof LinkWords[EmailLanguage]) => fillPlaceholders(words[language][key], values);
  const [subject, body, action, ignore] = [say('subject'), say('body'), say('action'), say('ignore')];
  const hello = greeting(language, input.name);
  const actionLead = fillPlaceholders(layoutWords[language].actionLead, { action });
  const text = [hello, '', body, '', actionLead, input.url, '', ignore].join('\n');
  const html = htmlDocument(language, subject, [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    ...actionLink(language, input.url, action),
    smallPrint(ignore),
  ]);
  return { kind, to: input.to, subject, text, html, link: input.url };
}

export const verificationEmail = (input: TemplateInput): EmailMessage =>
  render('verification', input, verificationWords);

export const passwordResetEmail = (input: TemplateInput): EmailMessage =>
  render('password-reset', input, passwordResetWords);

export const emailChangeEmail = (input: TemplateInput & { newEmail: string }): EmailMessage =>
  render('email-change', input, emailChangeWords, { newEmail: input.newEmail });

export const accountDeletionEmail = (input: TemplateInput): EmailMessage =>
  render('account-deletion', input, accountDeletionWords);

export const organizationInvitationEmail = (
  input: TemplateInput & { inviterName: string; organizationName: string; role: string },
): EmailMessage =>
  render('invitation', input, invitationWords, {
    inviter: input.inviterName,
    organization: input.organizationName,
    role: roleNames(input.language, input.role),
  });

/** An invitation's roles (`admin,member`) in words: built-in ones translated, custom ones as named. */
function roleNames(language: EmailLanguage, role: string): string {
  const words: Record<string, string> = invitationWords[language];
  return role
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .map((name) => (Object.hasOwn(words, `role.${name}`) ? (words[`role.${name}`] ?? name) : name))
    .join(', ');
}

/**
 * The emailed second-factor code. No link: the code is typed into the page that asked for it,
 * so a message read on another device cannot sign anyone in by a click.
 */
export function twoFactorCodeEmail(input: {
  to: string;
  name: string;
  code: string;
  minutes: number;
  language: EmailLanguage;
}): EmailMessage {
  const words = twoFactorCodeWords[input.language];
  const subject = words.subject;
  const hello = greeting(input.language, input.name);
  const lines = [fillPlaceholders(words.body, { code: input.code, minutes: input.minutes }), words.warning];
  const text = [hello, '', ...lines].join('\n');
  const html = htmlDocument(input.language, subject, [
    `<p>${escapeHtml(hello)}</p>`,
    `<p style="font-size:28px;font-weight:700;letter-spacing:4px">${escapeHtml(input.code)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
  ]);
  return { kind: 'two-factor-code', to: input.to, subject, text, html, link: '', code: input.code };
}
