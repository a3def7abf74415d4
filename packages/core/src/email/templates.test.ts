import { describe, expect, it } from 'vitest';
import { EMAIL_LANGUAGES, type EmailLanguage } from './language.ts';
import type { EmailMessage } from './mailer.ts';
import {
  accountDeletionEmail,
  emailChangeEmail,
  organizationInvitationEmail,
  passwordResetEmail,
  type TemplateInput,
  twoFactorCodeEmail,
  verificationEmail,
} from './templates.ts';

// The ampersand exercises the escaping of the link inside href="…".
const URL_WITH_QUERY = 'https://auth.example.com/api/auth/verify-email?token=abc.def&callbackURL=%2F';
const inputIn = (language: EmailLanguage): TemplateInput => ({
  to: 'eve@example.com',
  name: 'Eve',
  url: URL_WITH_QUERY,
  language,
});

/** Each language's greeting, the words before the link, and each template's subject. */
const GREETING = { en: 'Hello', de: 'Hallo', fr: 'Bonjour' } as const;
/** The security notices, the webhook-failing notice and the passwordless messages have their own tests. */
type TemplateKind = Exclude<
  EmailMessage['kind'],
  'sign-in-alert' | 'security-notice' | 'webhook-failing' | 'magic-link' | 'email-code'
>;
const SUBJECTS: Record<TemplateKind, Record<EmailLanguage, string>> = {
  verification: {
    en: 'Verify your email address',
    de: 'Bestätigen Sie Ihre E-Mail-Adresse',
    fr: 'Vérifiez votre adresse e-mail',
  },
  'password-reset': {
    en: 'Reset your password',
    de: 'Passwort zurücksetzen',
    fr: 'Réinitialisez votre mot de passe',
  },
  'email-change': {
    en: 'Confirm your new email address',
    de: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    fr: 'Confirmez votre nouvelle adresse e-mail',
  },
  'account-deletion': {
    en: 'Confirm deleting your account',
    de: 'Bestätigen Sie die Löschung Ihres Kontos',
    fr: 'Confirmez la suppression de votre compte',
  },
  invitation: { en: 'Join Acme', de: 'Einladung zu Acme', fr: 'Invitation à rejoindre Acme' },
  'two-factor-code': { en: 'Your sign-in code', de: 'Ihr Anmeldecode', fr: 'Votre code de connexion' },
};

const linkTemplates: Array<[TemplateKind, (i: TemplateInput) => EmailMessage]> = [
  ['verification', verificationEmail],
  ['password-reset', passwordResetEmail],
  ['email-change', (i) => emailChangeEmail({ ...i, newEmail: 'new@example.com' })],
  ['account-deletion', accountDeletionEmail],
  [
    'invitation',
    (i) => organizationInvitationEmail({ ...i, inviterName: 'Ann', organizationName: 'Acme', role: 'admin' }),
  ],
];

const cases = EMAIL_LANGUAGES.flatMap((language) =>
  linkTemplates.map(([kind, template]) => [kind, language, template] as const),
);

describe.each(cases)('%s email in %s', (kind, language, template) => {
  const input = inputIn(language);

  it('has its kind, recipient, subject in its language, and link', () => {
    const message = template(input);
    expect(message.kind).toBe(kind);
    expect(message.to).toBe('eve@example.com');
    expect(message.subject).toBe(SUBJECTS[kind][language]);
    expect(message.link).toBe(URL_WITH_QUERY);
  });

  it('says its language on <html lang> and titles the page with the subject', () => {
    const { html, subject } = template(input);
    expect(html).toContain(`<html lang="${language}">`);
    expect(html).toContain(`<title>${subject}</title>`);
  });

  it('fills every placeholder in the subject and both parts', () => {
    const message = template(input);
    for (const part of [message.subject, message.text, message.html]) expect(part).not.toMatch(/\{\w+\}/);
  });

  it('puts the link on a line of its own in the text part, after the action', () => {
    const lines = template(input).text.split('\n');
    const at = lines.indexOf(URL_WITH_QUERY);
    expect(at).toBeGreaterThan(0);
    expect(lines[at - 1]).toMatch(/\S(:|\u00a0:)$/);
    expect(lines[0]).toBe(`${GREETING[language]} Eve,`);
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
    expect(message.html).toContain(`${GREETING[language]} &lt;b&gt;Eve&lt;/b&gt;,`);
    expect(message.html).not.toContain('<b>Eve</b>');
    expect(message.text).toContain(`${GREETING[language]} <b>Eve</b>,`);
  });

  it('greets without a name when there is none', () => {
    const message = template({ ...input, name: '' });
    expect(message.text.startsWith(`${GREETING[language]},\n`)).toBe(true);
    expect(message.html).toContain(`<p>${GREETING[language]},</p>`);
  });
});

describe('the English wording', () => {
  it('reads as before, the link introduced by the action', () => {
    expect(passwordResetEmail(inputIn('en')).text).toBe(
      [
        'Hello Eve,',
        '',
        'Someone asked to reset the password of your account. The link works for a limited time.',
        '',
        'Choose a new password:',
        URL_WITH_QUERY,
        '',
        'If you did not ask for this, you can ignore this message: your password stays as it is.',
      ].join('\n'),
    );
    expect(passwordResetEmail(inputIn('en')).html).toContain(
      'If the button does not work, copy this address into your browser:<br>',
    );
  });
});

describe('the German and French wording', () => {
  it('addresses the reader formally', () => {
    expect(passwordResetEmail(inputIn('de')).text).toContain(
      'Falls Sie das nicht angefordert haben, können Sie diese Nachricht ignorieren: Ihr Passwort bleibt unverändert.',
    );
    expect(passwordResetEmail(inputIn('fr')).text).toContain(
      'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer ce message\u00a0: votre mot de passe reste inchangé.',
    );
  });

  it('puts a non-breaking space before a French colon', () => {
    expect(verificationEmail(inputIn('fr')).text.split('\n')).toContain('Vérifier l’adresse e-mail\u00a0:');
    expect(verificationEmail(inputIn('de')).text.split('\n')).toContain('E-Mail-Adresse bestätigen:');
  });

  it('keeps accented letters as they are in html (the page is UTF-8), escaping only markup', () => {
    const { html } = accountDeletionEmail(inputIn('de'));
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<p>Sie haben angefordert, Ihr Konto zu löschen.');
  });
});

describe('email change email', () => {
  it.each(EMAIL_LANGUAGES)('names the new address in %s, escaped in html', (language) => {
    const message = emailChangeEmail({ ...inputIn(language), newEmail: '"x"<y>@example.com' });
    expect(message.text).toContain('"x"<y>@example.com');
    expect(message.html).toContain('&quot;x&quot;&lt;y&gt;@example.com');
    expect(message.html).not.toContain('<y>');
  });

  it('goes to `to`; the new address is only mentioned', () => {
    expect(emailChangeEmail({ ...inputIn('en'), newEmail: 'new@example.com' }).to).toBe('eve@example.com');
  });

  it('says the new address in German and French words', () => {
    expect(emailChangeEmail({ ...inputIn('de'), newEmail: 'neu@example.com' }).text).toContain(
      'Sie haben angefordert, die E-Mail-Adresse Ihres Kontos in neu@example.com zu ändern.',
    );
    expect(emailChangeEmail({ ...inputIn('fr'), newEmail: 'neuf@example.com' }).text).toContain(
      'Vous avez demandé à remplacer l’adresse e-mail de votre compte par neuf@example.com.',
    );
  });
});

describe('organization invitation email', () => {
  const invitation = (language: EmailLanguage, role = 'admin') =>
    organizationInvitationEmail({
      ...inputIn(language),
      inviterName: 'Ann <script>',
      organizationName: 'Acme & Co',
      role,
    });

  it('names the inviter, the organization and the role, escaping them in HTML', () => {
    const message = invitation('en');
    expect(message.text).toContain('Ann <script> invited you to join Acme & Co as admin.');
    expect(message.html).toContain('Ann &lt;script&gt; invited you to join Acme &amp; Co as admin.');
    expect(message.html).not.toContain('<script>');
    expect(message.subject).toBe('Join Acme & Co');
    expect(message.html).toContain('<title>Join Acme &amp; Co</title>');
  });

  it('says it in German and French, with the built-in role translated', () => {
    expect(invitation('de').text).toContain(
      'Ann <script> hat Sie eingeladen, Acme & Co als Administrator beizutreten.',
    );
    expect(invitation('de').html).toContain(
      'Ann &lt;script&gt; hat Sie eingeladen, Acme &amp; Co als Administrator beizutreten.',
    );
    expect(invitation('fr').text).toContain(
      'Ann <script> vous invite à rejoindre Acme & Co avec le rôle administrateur.',
    );
    expect(invitation('fr').html).not.toContain('<script>');
  });

  it('names several roles, translating the built-in ones and keeping custom ones as written', () => {
    expect(invitation('de', 'member,billing-manager').text).toContain(
      'als Mitglied, billing-manager beizutreten.',
    );
    expect(invitation('fr', 'owner').text).toContain('avec le rôle propriétaire.');
    expect(invitation('en', 'admin,member').text).toContain('as admin, member.');
  });

  it('leaves a value that looks like a placeholder as written', () => {
    const message = organizationInvitationEmail({
      ...inputIn('en'),
      inviterName: '{organization}',
      organizationName: '{role}',
      role: 'member',
    });
    expect(message.subject).toBe('Join {role}');
    expect(message.text).toContain('{organization} invited you to join {role} as member.');
  });
});

describe.each(EMAIL_LANGUAGES)('two-factor code email in %s', (language) => {
  const code = (name = 'Eve') =>
    twoFactorCodeEmail({ to: 'eve@example.com', name, code: '123456', minutes: 5, language });

  it('carries the code in both parts, in its language', () => {
    const message = code();
    expect(message.kind).toBe('two-factor-code');
    expect(message.code).toBe('123456');
    expect(message.link).toBe('');
    expect(message.subject).toBe(SUBJECTS['two-factor-code'][language]);
    expect(message.text.split('\n')[0]).toBe(`${GREETING[language]} Eve,`);
    expect(message.text).toMatch(/123456\b.*\b5\b/);
    expect(message.html).toContain(`<html lang="${language}">`);
    expect(message.html).toContain('>123456</p>');
    for (const part of [message.subject, message.text, message.html]) expect(part).not.toMatch(/\{\w+\}/);
  });

  it('escapes the name in html', () => {
    const message = code('<i>Eve</i>');
    expect(message.html).toContain('&lt;i&gt;Eve&lt;/i&gt;');
    expect(message.html).not.toContain('<i>');
    expect(message.text).toContain('<i>Eve</i>');
  });
});

describe('two-factor code email wording', () => {
  it('says how long the code works', () => {
    const say = (language: EmailLanguage) =>
      twoFactorCodeEmail({ to: 'a@example.com', name: '', code: '000111', minutes: 3, language }).text;
    expect(say('en')).toContain('Your code is 000111. It works once, for 3 minutes.');
    expect(say('de')).toContain(
      'Ihr Code lautet 000111. Er ist 3 Minuten lang gültig und nur einmal verwendbar.',
    );
    expect(say('fr')).toContain('Votre code est 000111. Il est valable 3 minutes et ne sert qu’une fois.');
  });
});
