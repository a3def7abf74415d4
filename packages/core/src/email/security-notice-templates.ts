import { escapeHtml } from '../util/escape-html.ts';
import type { EmailMessage } from './mailer.ts';

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
}

export type SecurityNoticeKind = 'sign-in' | 'password-changed' | 'password-reset' | 'email-changed';

/**
 * Every word of the security notices, in one place so they can be translated as a whole. Values
 * are filled in with `{name}` placeholders.
 */
export const SECURITY_NOTICE_WORDS = {
  greeting: 'Hello {name},',
  greetingNoName: 'Hello,',
  subject: {
    'sign-in': 'New sign-in to your account',
    'password-changed': 'Your password was changed',
    'password-reset': 'Your password was reset',
    'email-changed': 'Your email address was changed',
  },
  happened: {
    'sign-in': 'Your account was signed in from a browser and address it has not used before.',
    'password-changed': 'The password of your account was changed.',
    'password-reset': 'The password of your account was reset with an emailed link.',
    'email-changed': 'The email address of your account was changed to {newEmail}.',
  },
  when: 'When: {when}',
  device: 'Browser: {browser} on {os}',
  ip: 'IP address: {ip}',
  location: 'Approximate location: {location}',
  unknownIp: 'unknown',
  action: 'Review your security activity',
  ignore:
    'If this was you, there is nothing to do. If it was not, sign that session out on the page above and change your password.',
  fallback: 'If the button does not work, copy this address into your browser:',
} as const;

const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** "2026-11-25 16:40 UTC": the same in every mail client, whatever its time zone. */
const utcMinute = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * A security notice in the shape of the other messages (`templates.ts`): greeting, what happened,
 * the facts one per line, the link to the activity page, and what to do if it was not the reader.
 * Every interpolated value is escaped in the HTML part: user agents and names are chosen by others.
 */
export function securityNoticeEmail(
  kind: SecurityNoticeKind,
  input: SecurityNoticeInput & { newEmail?: string },
): EmailMessage {
  const words = SECURITY_NOTICE_WORDS;
  const subject = words.subject[kind];
  const greeting = input.name ? fill(words.greeting, { name: input.name }) : words.greetingNoName;
  const facts = [
    fill(words.when, { when: utcMinute(input.at) }),
    fill(words.device, { browser: input.browser, os: input.os }),
    fill(words.ip, { ip: input.ip || words.unknownIp }),
    ...(input.location ? [fill(words.location, { location: input.location })] : []),
  ];
  const happened = fill(words.happened[kind], { newEmail: input.newEmail ?? '' });
  const text = [
    greeting,
    '',
    happened,
    '',
    ...facts,
    '',
    `${words.action}:`,
    input.url,
    '',
    words.ignore,
  ].join('\n');
  const url = escapeHtml(input.url);
  const small = 'color:#666;font-size:12px;line-height:1.5';
  const button =
    'display:inline-block;padding:10px 18px;border-radius:6px;background:#1f2937;color:#ffffff;' +
    'text-decoration:none;font-weight:600';
  const html = [
    '<!doctype html>',
    '<html>',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(happened)}</p>`,
    `<ul>${facts.map((fact) => `<li>${escapeHtml(fact)}</li>`).join('')}</ul>`,
    `<p><a href="${url}" style="${button}">${escapeHtml(words.action)}</a></p>`,
    `<p style="${small}">${escapeHtml(words.fallback)}<br>` +
      `<a href="${url}" style="color:#666;word-break:break-all">${url}</a></p>`,
    `<p style="${small}">${escapeHtml(words.ignore)}</p>`,
    '</body>',
    '</html>',
  ].join('\n');
  return {
    kind: kind === 'sign-in' ? 'sign-in-alert' : 'security-notice',
    to: input.to,
    subject,
    text,
    html,
    link: input.url,
  };
}
