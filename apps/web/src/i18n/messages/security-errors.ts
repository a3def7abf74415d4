import { defineMessages } from '../define-messages.ts';

/**
 * Words for the two-factor, passkey and provider refusals that two-factor.ts and errors.ts do not
 * already word (lib/error-words.ts).
 */
export const securityErrorMessages = defineMessages({
  en: {
    'error.twoFactor.otpOff': 'Codes by email are not turned on for this account.',
    'error.twoFactor.tooMany': 'Too many wrong codes. Ask for a new code.',
    'error.twoFactor.locked':
      'Too many wrong codes in a row: the second step of your account is locked for a while. Try again later.',
    'error.twoFactor.backupCodeRace': 'This backup code was just used by another attempt. Please try again.',
    'error.passkey.challengeGone': 'The passkey request expired. Please try again.',
    'error.passkey.notYours': 'This passkey cannot be added to your account.',
    'error.passkey.notVerified': 'The passkey could not be checked. Please try again.',
    'error.passkey.signInFailed': 'The passkey could not be checked. Try again, or sign in another way.',
    'error.passkey.notUpdated': 'The passkey could not be renamed. Please try again.',
    'error.passkey.otherAccount': 'This passkey belongs to another account.',
    'error.passkey.userVerification':
      'This passkey did not check that it is you: use one that asks for your PIN, fingerprint or face.',
    'error.provider.noUserInfo': 'The provider did not tell us who you are. Please try again.',
    'error.provider.noEmail': 'The provider did not share your email address, which this server needs.',
    'error.provider.idTokenUnsupported': 'This provider does not support signing in this way.',
    'error.provider.token': 'The connection to the provider cannot be used. Connect the account again.',
  },
  de: {
    'error.twoFactor.otpOff': 'Codes per E-Mail sind für dieses Konto nicht eingeschaltet.',
    'error.twoFactor.tooMany': 'Zu viele falsche Codes. Fordern Sie einen neuen Code an.',
    'error.twoFactor.locked':
      'Zu viele falsche Codes hintereinander: Der zweite Schritt Ihres Kontos ist eine Weile gesperrt. Versuchen Sie es später erneut.',
    'error.twoFactor.backupCodeRace':
      'Dieser Backup-Code wurde gerade von einem anderen Versuch verwendet. Bitte versuchen Sie es erneut.',
    'error.passkey.challengeGone': 'Die Passkey-Anfrage ist abgelaufen. Bitte versuchen Sie es erneut.',
    'error.passkey.notYours': 'Dieser Passkey kann Ihrem Konto nicht hinzugefügt werden.',
    'error.passkey.notVerified': 'Der Passkey konnte nicht geprüft werden. Bitte versuchen Sie es erneut.',
    'error.passkey.signInFailed':
      'Der Passkey konnte nicht geprüft werden. Versuchen Sie es erneut oder melden Sie sich anders an.',
    'error.passkey.notUpdated': 'Der Passkey konnte nicht umbenannt werden. Bitte versuchen Sie es erneut.',
    'error.passkey.otherAccount': 'Dieser Passkey gehört zu einem anderen Konto.',
    'error.passkey.userVerification':
      'Dieser Passkey hat nicht geprüft, dass Sie es sind: Verwenden Sie einen, der nach PIN, Fingerabdruck oder Gesicht fragt.',
    'error.provider.noUserInfo':
      'Der Anbieter hat uns nicht mitgeteilt, wer Sie sind. Bitte versuchen Sie es erneut.',
    'error.provider.noEmail':
      'Der Anbieter hat Ihre E-Mail-Adresse nicht weitergegeben, die dieser Server benötigt.',
    'error.provider.idTokenUnsupported': 'Dieser Anbieter unterstützt diese Art der Anmeldung nicht.',
    'error.provider.token':
      'Die Verbindung zum Anbieter kann nicht verwendet werden. Verbinden Sie das Konto erneut.',
  },
  fr: {
    'error.twoFactor.otpOff': 'Les codes par e-mail ne sont pas activés pour ce compte.',
    'error.twoFactor.tooMany': 'Trop de codes erronés. Demandez un nouveau code.',
    'error.twoFactor.locked':
      'Trop de codes erronés à la suite : la deuxième étape de votre compte est bloquée pour un moment. Réessayez plus tard.',
    'error.twoFactor.backupCodeRace':
      'Ce code de secours vient d’être utilisé par une autre tentative. Veuillez réessayer.',
    'error.passkey.challengeGone': 'La demande de clé d’accès a expiré. Veuillez réessayer.',
    'error.passkey.notYours': 'Cette clé d’accès ne peut pas être ajoutée à votre compte.',
    'error.passkey.notVerified': 'La clé d’accès n’a pas pu être vérifiée. Veuillez réessayer.',
    'error.passkey.signInFailed':
      'La clé d’accès n’a pas pu être vérifiée. Réessayez ou connectez-vous autrement.',
    'error.passkey.notUpdated': 'La clé d’accès n’a pas pu être renommée. Veuillez réessayer.',
    'error.passkey.otherAccount': 'Cette clé d’accès appartient à un autre compte.',
    'error.passkey.userVerification':
      'Cette clé d’accès n’a pas vérifié que c’est bien vous : utilisez-en une qui demande votre code, votre empreinte ou votre visage.',
    'error.provider.noUserInfo': 'Le fournisseur ne nous a pas dit qui vous êtes. Veuillez réessayer.',
    'error.provider.noEmail':
      'Le fournisseur n’a pas communiqué votre adresse e-mail, dont ce serveur a besoin.',
    'error.provider.idTokenUnsupported': 'Ce fournisseur ne permet pas de se connecter de cette façon.',
    'error.provider.token':
      'La connexion au fournisseur ne peut pas être utilisée. Associez à nouveau le compte.',
  },
});
