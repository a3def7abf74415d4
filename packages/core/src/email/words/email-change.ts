import { defineEmailWords } from '../email-words.ts';

/** Sent to the current address, which must approve the change before the new one is verified. */
export const emailChangeWords = defineEmailWords({
  en: {
    subject: 'Confirm your new email address',
    body: 'You asked to change the email address of your account to {newEmail}.',
    action: 'Confirm the change',
    ignore: 'If you did not ask for this, you can ignore this message: your email address stays as it is.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    body: 'Sie haben angefordert, die E-Mail-Adresse Ihres Kontos in {newEmail} zu ändern.',
    action: 'Änderung bestätigen',
    ignore:
      'Falls Sie das nicht angefordert haben, können Sie diese Nachricht ignorieren: Ihre E-Mail-Adresse bleibt unverändert.',
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    body: 'Vous avez demandé à remplacer l’adresse e-mail de votre compte par {newEmail}.',
    action: 'Confirmer la modification',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer ce message\u00a0: votre adresse e-mail reste inchangée.',
  },
});
