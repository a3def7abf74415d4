import { type Env, variableReader } from './variables.ts';

export interface MailConfig {
  /** SMTP server for outgoing mail; unset: the dev outbox keeps messages in memory and logs them. */
  smtpURL: string | undefined;
  mailFrom: string;
}

/** Reads SMTP_URL and MAIL_FROM, which SMTP needs. */
export function readMail(env: Env, problems: string[]): MailConfig {
  const read = variableReader(env, problems);
  const smtpURL = read.value(
    'SMTP_URL',
    undefined as string | undefined,
    parseSmtpURL,
    'smtp://user:pass@host:port or smtps://…',
  );
  const mailFrom = read.value(
    'MAIL_FROM',
    'Gatehouse <no-reply@localhost>',
    parseMailFrom,
    "an address such as 'Acme <no-reply@acme.test>'",
  );
  if (smtpURL && !env.MAIL_FROM)
    problems.push('MAIL_FROM: required when SMTP_URL is set (the sender address)');
  return { smtpURL, mailFrom };
}

function parseSmtpURL(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === 'smtp:' || url.protocol === 'smtps:' ? raw : undefined;
  } catch {
    return undefined;
  }
}

/** `address@host` or `Name <address@host>`. */
function parseMailFrom(raw: string): string | undefined {
  return /^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(raw.trim()) ? raw.trim() : undefined;
}
