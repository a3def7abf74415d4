import { defineEmailWords } from '../email-words.ts';

/** Verifying an address: after sign-up, on request, and for the new address of an email change. */
export const verificationWords = defineEmailWords({
  en: {
    subject: 'Verify your email address',
    body: 'Please confirm that this email address belongs to you.',
    action: 'Verify email address',
    ignore: 'If you did not create an account, you can ignore this message.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    body: 'Bitte bestätigen Sie, dass diese E-Mail-Adresse Ihnen gehört.',
    action: 'E-Mail-Adresse bestätigen',
    ignore: 'Falls Sie kein Konto erstellt haben, können Sie diese Nachricht ignorieren.',
  },
  fr: {
    subject: 'Vérifiez votre adresse e-mail',
    body: 'Veuillez confirmer que cette adresse e-mail vous appartient.',
    action: 'Vérifier l’adresse e-mail',
    ignore: 'Si vous n’avez pas créé de compte, vous pouvez ignorer ce message.',
  },
});
