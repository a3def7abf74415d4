import { escapeHtml } from '../util/escape-html.ts';
import { fillPlaceholders } from './email-words.ts';
import type { EmailLanguage } from './language.ts';
import type { EmailMessage } from './mailer.ts';
import { actionLink, greeting, htmlDocument, smallPrint } from './templates.ts';
import { emailCodeWords } from './words/email-code.ts';
import { layoutWords } from './words/layout.ts';
import { magicLinkWords } from './words/magic-link.ts';

// The messages of emailed sign-in (docs/protocol/passwordless.md#6-email-sent-summary). They go to
// any address someone types, so they greet nobody by name and carry no text from the request: a
// stranger's words never reach someone else's mailbox, and the code stays the only run of six
// digits in the text part outside the link.

const CODE_STYLE = 'font-size:28px;font-weight:700;letter-spacing:4px';

export interface MagicLinkInput {
  to: string;
  url: string;
  /** The code that signs in as the link does (docs/protocol/passwordless.md#7-gatehouse-decisions-where-gatehouse-does-better-than-the-reference, D1). */
  code: string;
  minutes: number;
  language: EmailLanguage;
}

/** The link, then the code for another device; both parts carry both. */
export function magicLinkEmail(input: MagicLinkInput): EmailMessage {
  const { language } = input;
  const say = (key: keyof (typeof magicLinkWords)[EmailLanguage]) =>
    fillPlaceholders(magicLinkWords[language][key], { code: input.code, minutes: input.minutes });
  const [subject, body, action, code, ignore] = [
    say('subject'),
    say('body'),
    say('action'),
    say('code'),
    say('ignore'),
  ];
  const hello = greeting(language, '');
  const actionLead = fillPlaceholders(layoutWords[language].actionLead, { action });
  const text = [hello, '', body, '', actionLead, input.url, '', code, '', ignore].join('\n');
  const html = htmlDocument(language, subject, [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    ...actionLink(language, input.url, action),
    `<p>${escapeHtml(code)}</p>`,
    `<p style="${CODE_STYLE}">${escapeHtml(input.code)}</p>`,
    smallPrint(ignore),
  ]);
  return { kind: 'magic-link', to: input.to, subject, text, html, link: input.url, code: input.code };
}

/** What an emailed code is for (docs/protocol/passwordless.md#21-post-email-otpsend-verification-otp). */
export type EmailCodePurpose = 'sign-in' | 'email-verification' | 'forget-password';

const SUBJECT_KEY = {
  'sign-in': 'subjectSignIn',
  'email-verification': 'subjectEmailVerification',
  'forget-password': 'subjectForgetPassword',
} as const satisfies Record<EmailCodePurpose, keyof (typeof emailCodeWords)['en']>;

export interface EmailCodeInput {
  to: string;
  code: string;
  purpose: EmailCodePurpose;
  minutes: number;
  language: EmailLanguage;
}

/** A code and nothing to click: it is typed into the page that asked for it. */
export function emailCodeEmail(input: EmailCodeInput): EmailMessage {
  const words = emailCodeWords[input.language];
  const subject = words[SUBJECT_KEY[input.purpose]];
  const hello = greeting(input.language, '');
  const body = fillPlaceholders(words.body, { code: input.code, minutes: input.minutes });
  const text = [hello, '', body, '', words.ignore].join('\n');
  const html = htmlDocument(input.language, subject, [
    `<p>${escapeHtml(hello)}</p>`,
    `<p style="${CODE_STYLE}">${escapeHtml(input.code)}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    smallPrint(words.ignore),
  ]);
  return { kind: 'email-code', to: input.to, subject, text, html, link: '', code: input.code };
}
