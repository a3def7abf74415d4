import { escapeHtml } from '../util/escape-html.ts';
import { fillPlaceholders } from './email-words.ts';
import type { EmailLanguage } from './language.ts';
import type { EmailMessage } from './mailer.ts';
import { actionLink, greeting, htmlDocument, smallPrint } from './templates.ts';
import { layoutWords } from './words/layout.ts';
import { webhookFailingWords } from './words/webhook-failing.ts';

/**
 * What the failing notice names (docs/protocol/webhooks.md#2-endpoint-object): the endpoint's host
 * and its last attempt's outcome, never its secret, its full URL (a path may carry a token) or a
 * message body.
 */
export interface WebhookFailingInput {
  to: string;
  name: string;
  /** The host of the endpoint's URL. */
  host: string;
  /** The organization's name for an organization's endpoint, null for a server-wide one. */
  organization: string | null;
  /** The last attempt's HTTP status, when it had an answer. */
  responseStatus: number | null;
  /** The last attempt's error (`timeout`, `connection_failed`, `tls`, `private_address`), when it had none. */
  error: string | null;
  /** The webhooks screen the endpoint is managed on. */
  url: string;
  language: EmailLanguage;
}

type Words = (typeof webhookFailingWords)[EmailLanguage];
const ERRORS = ['timeout', 'connection_failed', 'tls', 'private_address'] as const;

function outcomeOf(words: Words, input: WebhookFailingInput): string {
  if (input.responseStatus !== null)
    return fillPlaceholders(words.status, { status: String(input.responseStatus) });
  const known = ERRORS.find((error) => error === input.error);
  return known ? words[`error.${known}` as const] : words['error.unknown'];
}

/** The notice in the shape of the other messages (`templates.ts`); every value escaped in HTML. */
export function webhookFailingEmail(input: WebhookFailingInput): EmailMessage {
  const { language } = input;
  const words = webhookFailingWords[language];
  const subject = fillPlaceholders(words.subject, { host: input.host });
  const hello = greeting(language, input.name);
  const happened =
    input.organization === null
      ? fillPlaceholders(words['body.server'], { host: input.host })
      : fillPlaceholders(words['body.organization'], { host: input.host, organization: input.organization });
  const last = fillPlaceholders(words.last, { outcome: outcomeOf(words, input) });
  const actionLead = fillPlaceholders(layoutWords[language].actionLead, { action: words.action });
  const text = [hello, '', happened, words.keeps, '', last, '', actionLead, input.url, '', words.ignore].join(
    '\n',
  );
  const html = htmlDocument(language, subject, [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(happened)} ${escapeHtml(words.keeps)}</p>`,
    `<p>${escapeHtml(last)}</p>`,
    ...actionLink(language, input.url, words.action),
    smallPrint(words.ignore),
  ]);
  return { kind: 'webhook-failing', to: input.to, subject, text, html, link: input.url };
}
