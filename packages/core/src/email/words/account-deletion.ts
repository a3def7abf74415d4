import { defineEmailWords } from '../email-words.ts';

export const accountDeletionWords = defineEmailWords({
  en: {
    subject: 'Confirm deleting your account',
    body: 'You asked to delete your account. Once confirmed, this cannot be undone.',
    action: 'Delete my account',
    ignore: 'If you did not ask for this, you can ignore this message: your account stays as it is.',
  },
  de: {
    subject: 'Bestätigen Sie die Löschung Ihres Kontos',
    body: 'Sie haben angefordert, Ihr Konto zu löschen. Nach der Bestätigung lässt sich das nicht rückgängig machen.',
    action: 'Mein Konto löschen',
    ignore:
      'Falls Sie das nicht angefordert haben, können Sie diese Nachricht ignorieren: Ihr Konto bleibt bestehen.',
  },
  fr: {
    subject: 'Confirmez la suppression de votre compte',
    body: 'Vous avez demandé la suppression de votre compte. Une fois confirmée, elle est définitive.',
    action: 'Supprimer mon compte',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer ce message\u00a0: votre compte est conservé.',
  },
});
