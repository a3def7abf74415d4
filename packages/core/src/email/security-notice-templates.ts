import { escapeHtml } from '../util/escape-html.ts';
import { fillPlaceholders } from './email-words.ts';
import type { EmailLanguage } from './language.ts';
import type { EmailMessage } from './mailer.ts';
import { actionLink, greeting, htmlDocument, smallPrint } from './templates.ts';
import { layoutWords } from './words/layout.ts';
import { securityNoticeWords } from './words/security-notice.ts';

/** What a security notice reports: never a token, code or secret, only what a person can check. */
export interface SecurityNoticeInput {
  to: string;
  name: string;
  /** The Security activity page, where the person sees the event and can sign a session out. */
  url: string;
  /** When it happened. */
  at: Date;
  browser: string;
  os: string;
  ip: string | null;
  /** "Berlin, Berlin, DE" when the server locates addresses (GEOIP); null otherwise. */
  location: string | null;
  /** From the request that caused the notice (`emailLanguage`). */
  language: EmailLanguage;
}

export type SecurityNoticeKind =
  | 'sign-in'
  | 'password-changed'
  | 'password-reset'
  | 'email-changed'
  | 'passkey-added'
  | 'two-factor-disabled'
  | 'api-key-created'
  | 'organization-api-key-created';

/** What some notices name: the new address of an email change, the new API key (its name and `start`). */
export interface NoticeSubject {
  newEmail?: string;
  /** The new API key: its name, if any, and `start`, never more of the key. */
  key?: { name: string | null; start: string | null };
  /** The organization an organization key was made for, by name. */
  organization?: string;
}

/** How a key is named in a notice: its name and its first characters, which the key list shows too. */
function keyLabel(
  words: (typeof securityNoticeWords)[EmailLanguage],
  key: { name: string | null; start: string | null },
): string {
  const start = key.start ?? '';
  return key.name
    ? fillPlaceholders(words.keyNamed, { name: key.name, start })
    : fillPlaceholders(words.keyUnnamed, { start });
}

/** "2026-11-25 16:40 UTC": the same in every mail client, whatever its time zone. */
const utcMinute = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * A security notice in the shape of the other messages (`templates.ts`): greeting, what happened,
 * the facts one per line, the link to the activity page, and what to do if it was not the reader.
 * Every interpolated value is escaped in the HTML part: user agents and names are chosen by others.
 */
export function securityNoticeEmail(
  kind: SecurityNoticeKind,
  input: SecurityNoticeInput & NoticeSubject,
): EmailMessage {
  const { language } = input;
  const words = securityNoticeWords[language];
  const subject = words[`subject.${kind}`];
  const hello = greeting(language, input.name);
  const facts = [
    fillPlaceholders(words.when, { when: utcMinute(input.at) }),
    fillPlaceholders(words.device, { browser: input.browser, os: input.os }),
    fillPlaceholders(words.ip, { ip: input.ip || words.unknownIp }),
    ...(input.location ? [fillPlaceholders(words.location, { location: input.location })] : []),
  ];
  const happened = fillPlaceholders(words[`happened.${kind}`], {
    newEmail: input.newEmail ?? '',
    key: input.key ? keyLabel(words, input.key) : '',
    organization: input.organization ?? '',
  });
  // A key outlives the session that made it: deleting it is the first thing to do.
  const ignore =
    kind === 'api-key-created' || kind === 'organization-api-key-created' ? words.ignoreKey : words.ignore;
  const actionLead = fillPlaceholders(layoutWords[language].actionLead, { action: words.action });
  const text = [hello, '', happened, '', ...facts, '', actionLead, input.url, '', ignore].join('\n');
  const html = htmlDocument(language, subject, [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(happened)}</p>`,
    `<ul>${facts.map((fact) => `<li>${escapeHtml(fact)}</li>`).join('')}</ul>`,
    ...actionLink(language, input.url, words.action),
    smallPrint(ignore),
  ]);
  return {
    kind: kind === 'sign-in' ? 'sign-in-alert' : 'security-notice',
    to: input.to,
    subject,
    text,
    html,
    link: input.url,
  };
}
