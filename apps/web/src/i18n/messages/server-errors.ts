import { defineMessages } from '../define-messages.ts';

/**
 * Words for the server's refusals of a request as such (bad input, untrusted page, outage) and for
 * what a validation issue says is wrong with one field (lib/error-words.ts, lib/issue-words.ts).
 */
export const serverErrorMessages = defineMessages({
  en: {
    'error.forbidden': 'You are not allowed to do this.',
    'error.server': 'The server ran into a problem. Please try again later.',
    'error.unavailable': 'The service is unavailable for a moment. Please try again shortly.',
    'error.misconfigured': 'The server is not set up correctly for this. Tell its administrator.',
    'error.notFound': 'This is not available on this server.',
    'error.badRequest': 'The server could not understand the request. Reload the page and try again.',
    'error.headersTooLarge':
      'Your browser sent too much with the request (often too many cookies). Clear this site’s cookies and try again.',
    'error.payloadTooLarge': 'What you sent is too large.',
    'error.validation': 'Some of what you entered is not valid. Check it and try again.',
    'error.missingField': 'Fill in every required field.',
    'error.sessionNotCreated': 'You could not be signed in. Please try again.',
    'error.sessionUnreadable': 'Your session could not be read. Reload the page.',
    'error.userNotUpdated': 'Your changes could not be saved. Please try again.',
    'error.emailCannotBeUpdated': 'The email address cannot be changed this way: use “Change email address”.',
    'error.passwordSignInDisabled': 'Signing in with a password is turned off on this server.',
    'error.untrustedOrigin':
      'The server refused the request because it came from a page it does not trust. Open the app at its own address and try again.',
    'error.emailMismatch': 'This link was sent for another email address.',
    'error.banned': 'This account has been banned. Contact the administrator if you think this is a mistake.',
    'error.avatarNotFound': 'There is no uploaded picture to remove.',
    'error.mayNotReadAudit': 'Your role does not allow seeing this activity.',
    'error.field.required': 'Fill in this field.',
    'error.field.tooShort': 'This is too short.',
    'error.field.tooShortBy':
      '{count, plural, one {Use at least # character.} other {Use at least # characters.}}',
    'error.field.tooLong': 'This is too long.',
    'error.field.tooLongBy':
      '{count, plural, one {Use at most # character.} other {Use at most # characters.}}',
    'error.field.tooFew': 'Choose at least {count}.',
    'error.field.tooMany': 'Choose at most {count}.',
    'error.field.tooSmall': 'This number is too small.',
    'error.field.tooBig': 'This number is too large.',
    'error.field.url': 'Enter a full web address, starting with https://.',
    'error.field.format': 'This is not in the expected form.',
    'error.field.choice': 'Choose one of the offered values.',
    'error.field.controlCharacter': 'Remove the line breaks and invisible characters from this field.',
    'error.field.invalid': 'This value is not valid.',
  },
  de: {
    'error.forbidden': 'Das dürfen Sie nicht.',
    'error.server': 'Auf dem Server ist ein Problem aufgetreten. Bitte versuchen Sie es später erneut.',
    'error.unavailable': 'Der Dienst ist gerade nicht verfügbar. Bitte versuchen Sie es in Kürze erneut.',
    'error.misconfigured':
      'Der Server ist dafür nicht richtig eingerichtet. Wenden Sie sich an seine Administration.',
    'error.notFound': 'Das ist auf diesem Server nicht verfügbar.',
    'error.badRequest':
      'Der Server konnte die Anfrage nicht verstehen. Laden Sie die Seite neu und versuchen Sie es erneut.',
    'error.headersTooLarge':
      'Ihr Browser hat mit der Anfrage zu viel gesendet (oft zu viele Cookies). Löschen Sie die Cookies dieser Website und versuchen Sie es erneut.',
    'error.payloadTooLarge': 'Was Sie gesendet haben, ist zu groß.',
    'error.validation': 'Einige Ihrer Eingaben sind ungültig. Prüfen Sie sie und versuchen Sie es erneut.',
    'error.missingField': 'Füllen Sie alle Pflichtfelder aus.',
    'error.sessionNotCreated': 'Sie konnten nicht angemeldet werden. Bitte versuchen Sie es erneut.',
    'error.sessionUnreadable': 'Ihre Sitzung konnte nicht gelesen werden. Laden Sie die Seite neu.',
    'error.userNotUpdated':
      'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.',
    'error.emailCannotBeUpdated':
      'Die E-Mail-Adresse lässt sich so nicht ändern: Verwenden Sie „E-Mail-Adresse ändern“.',
    'error.passwordSignInDisabled': 'Die Anmeldung mit Passwort ist auf diesem Server abgeschaltet.',
    'error.untrustedOrigin':
      'Der Server hat die Anfrage abgelehnt, weil sie von einer Seite kam, der er nicht vertraut. Öffnen Sie die App unter ihrer eigenen Adresse und versuchen Sie es erneut.',
    'error.emailMismatch': 'Dieser Link wurde für eine andere E-Mail-Adresse verschickt.',
    'error.banned':
      'Dieses Konto wurde gesperrt. Wenden Sie sich an die Administration, wenn Sie das für einen Irrtum halten.',
    'error.avatarNotFound': 'Es gibt kein hochgeladenes Bild, das entfernt werden könnte.',
    'error.mayNotReadAudit': 'Ihre Rolle erlaubt es nicht, diese Aktivitäten zu sehen.',
    'error.field.required': 'Füllen Sie dieses Feld aus.',
    'error.field.tooShort': 'Das ist zu kurz.',
    'error.field.tooShortBy': 'Verwenden Sie mindestens {count} Zeichen.',
    'error.field.tooLong': 'Das ist zu lang.',
    'error.field.tooLongBy': 'Verwenden Sie höchstens {count} Zeichen.',
    'error.field.tooFew': 'Wählen Sie mindestens {count}.',
    'error.field.tooMany': 'Wählen Sie höchstens {count}.',
    'error.field.tooSmall': 'Diese Zahl ist zu klein.',
    'error.field.tooBig': 'Diese Zahl ist zu groß.',
    'error.field.url': 'Geben Sie eine vollständige Webadresse ein, die mit https:// beginnt.',
    'error.field.format': 'Das hat nicht die erwartete Form.',
    'error.field.choice': 'Wählen Sie einen der angebotenen Werte.',
    'error.field.controlCharacter':
      'Entfernen Sie die Zeilenumbrüche und unsichtbaren Zeichen aus diesem Feld.',
    'error.field.invalid': 'Dieser Wert ist ungültig.',
  },
  fr: {
    'error.forbidden': 'Vous n’êtes pas autorisé à faire ceci.',
    'error.server': 'Le serveur a rencontré un problème. Veuillez réessayer plus tard.',
    'error.unavailable': 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.',
    'error.misconfigured':
      'Le serveur n’est pas configuré correctement pour cela. Prévenez son administrateur.',
    'error.notFound': 'Ceci n’est pas disponible sur ce serveur.',
    'error.badRequest': 'Le serveur n’a pas compris la requête. Rechargez la page et réessayez.',
    'error.headersTooLarge':
      'Votre navigateur a envoyé trop de données avec la requête (souvent trop de cookies). Effacez les cookies de ce site et réessayez.',
    'error.payloadTooLarge': 'Ce que vous avez envoyé est trop volumineux.',
    'error.validation': 'Certaines valeurs saisies ne sont pas valides. Vérifiez-les et réessayez.',
    'error.missingField': 'Remplissez tous les champs obligatoires.',
    'error.sessionNotCreated': 'La connexion n’a pas abouti. Veuillez réessayer.',
    'error.sessionUnreadable': 'Votre session n’a pas pu être lue. Rechargez la page.',
    'error.userNotUpdated': 'Vos modifications n’ont pas pu être enregistrées. Veuillez réessayer.',
    'error.emailCannotBeUpdated':
      'L’adresse e-mail ne peut pas être modifiée ainsi : utilisez « Changer d’adresse e-mail ».',
    'error.passwordSignInDisabled': 'La connexion par mot de passe est désactivée sur ce serveur.',
    'error.untrustedOrigin':
      'Le serveur a refusé la requête, car elle venait d’une page qu’il ne reconnaît pas. Ouvrez l’application à sa propre adresse et réessayez.',
    'error.emailMismatch': 'Ce lien a été envoyé pour une autre adresse e-mail.',
    'error.banned':
      'Ce compte a été banni. Contactez l’administrateur si vous pensez qu’il s’agit d’une erreur.',
    'error.avatarNotFound': 'Il n’y a pas d’image importée à retirer.',
    'error.mayNotReadAudit': 'Votre rôle ne permet pas de voir cette activité.',
    'error.field.required': 'Remplissez ce champ.',
    'error.field.tooShort': 'C’est trop court.',
    'error.field.tooShortBy':
      '{count, plural, one {Utilisez au moins # caractère.} other {Utilisez au moins # caractères.}}',
    'error.field.tooLong': 'C’est trop long.',
    'error.field.tooLongBy':
      '{count, plural, one {Utilisez au plus # caractère.} other {Utilisez au plus # caractères.}}',
    'error.field.tooFew': 'Choisissez-en au moins {count}.',
    'error.field.tooMany': 'Choisissez-en au plus {count}.',
    'error.field.tooSmall': 'Ce nombre est trop petit.',
    'error.field.tooBig': 'Ce nombre est trop grand.',
    'error.field.url': 'Saisissez une adresse web complète, commençant par https://.',
    'error.field.format': 'Ce n’est pas dans la forme attendue.',
    'error.field.choice': 'Choisissez l’une des valeurs proposées.',
    'error.field.controlCharacter': 'Retirez les sauts de ligne et les caractères invisibles de ce champ.',
    'error.field.invalid': 'Cette valeur n’est pas valide.',
  },
});
