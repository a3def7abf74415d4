import { defineMessages } from '../define-messages.ts';

/** The app's own words for the server's error codes (lib/error-messages.ts maps codes to these). */
export const errorMessages = defineMessages({
  en: {
    'error.unknown': 'Something went wrong. Please try again.',
    'error.invalidEmailOrPassword': 'That email and password do not match an account.',
    'error.userAlreadyExists':
      'An account with this email already exists. Sign in instead, or use another email.',
    'error.emailNotVerified':
      'Please verify your email first: open the link we sent you, or ask for a new one.',
    'error.passwordTooShort': 'The password is too short: use a longer one.',
    'error.passwordTooCommon':
      'This password is one of the most common ones: choose one that is harder to guess.',
    'error.passwordTooLong': 'The password is too long: use at most 128 characters.',
    'error.invalidPassword': 'That password is not right.',
    'error.invalidToken': 'This link is invalid or has already been used.',
    'error.tokenExpired': 'This link has expired. Ask for a new one.',
    'error.rateLimited': 'Too many attempts. Please wait a moment and try again.',
    'error.tooManyEmails': 'Too many emails have been sent. Please wait a while before asking for another.',
    'error.tooManySignInAttempts':
      'Too many wrong passwords for this email address. Please wait a few minutes and try again.',
    'error.signInAgainFirst': 'For your security, please sign in again before doing this.',
    'error.passwordToDelete': 'Enter your password to delete your account.',
    'error.failedToSendEmail': 'We could not send the email. Please try again later.',
    'error.network': 'The server could not be reached. Check your connection and try again.',
    'error.emailIsTheSame': 'That is already your email address.',
    'error.sessionNotFound': 'That session has already ended.',
    'error.unauthorized': 'You have been signed out. Please sign in again.',
    'error.noPassword': 'This account has no password.',
    'error.emailAlreadyVerified': 'Your email address is already verified.',
    'error.changeEmailDisabled': 'Changing your email address is turned off on this server.',
    'error.noEmailSending': 'This server cannot send email, so this is not available.',
    'error.nothingToSave': 'There is nothing to save.',
    'error.invalidEmail': 'Enter a valid email address, like name@example.com.',
    'error.userNotFound': 'The account this link was for no longer exists.',
    'error.invalidUser': 'This link belongs to another account. Sign out and open it again.',
    'error.resetPasswordDisabled': 'Resetting a password by email is turned off on this server.',
    'error.signUpDisabled': 'New accounts cannot be created on this server.',
    'error.signUpInviteOnly': 'This server is invitation only: ask an organization to invite this address.',
    'error.notAllowedCreateUsers': 'Your role does not allow creating users.',
    'error.notAllowedImportUsers': 'Your role does not allow importing users.',
    'error.importInvalid': 'The file has errors, so nothing was imported.',
    'error.notAllowedListUsers': 'Your role does not allow seeing the list of users.',
    'error.notAllowedGetUser': 'Your role does not allow seeing this user.',
    'error.notAllowedUpdateUsers': 'Your role does not allow changing users.',
    'error.notAllowedChangeRole': 'Your role does not allow changing roles.',
    'error.notAllowedSetEmail': 'Your role does not allow changing email addresses.',
    'error.notAllowedSetPassword': 'Your role does not allow setting passwords.',
    'error.notAllowedBan': 'Your role does not allow banning or unbanning users.',
    'error.notAllowedImpersonate': 'Your role does not allow impersonating users.',
    'error.notAllowedDeleteUsers': 'Your role does not allow deleting users.',
    'error.notAllowedListSessions': 'Your role does not allow seeing users’ sessions.',
    'error.notAllowedRevokeSessions': 'Your role does not allow signing users out.',
    'error.cannotBanYourself': 'You cannot ban your own account.',
    'error.cannotRemoveYourself':
      'You cannot delete your own account here; use Delete account in your account.',
    'error.cannotImpersonateAdmins': 'Admins cannot be impersonated.',
    'error.invalidRole': 'That role is not valid.',
    'error.passwordViaUpdateUser': 'Use “Set password” to change a user’s password.',
    'error.userIdFixed': 'A user’s id cannot be changed.',
    'error.failedToCreateUser': 'The user could not be created. Please try again.',
    'error.notImpersonating': 'You are not impersonating anyone.',
    'error.adminSessionNotFound':
      'Your own admin session has ended. Sign out, then sign in again as yourself.',
    'error.providerNotFound': 'Signing in with this provider is not available on this server.',
    'error.socialAccountAlreadyLinked': 'That account is already connected to another Gatehouse account.',
    'error.unlinkLastAccount': 'This is your only way to sign in, so it cannot be removed.',
    'error.accountNotFound': 'That connected account no longer exists. Reload the page.',
    'error.linkingNotAllowed':
      'This account could not be connected: its email is not verified at the provider.',
    'error.linkingDifferentEmails': 'This account could not be connected: it uses a different email address.',
    'error.linkingFailed': 'The account could not be connected. Please try again.',
    'error.invalidCallbackUrl':
      'The sign-in could not start: this page’s address is not trusted by the server.',
  },
  de: {
    'error.unknown': 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    'error.invalidEmailOrPassword': 'Diese E-Mail-Adresse und dieses Passwort passen zu keinem Konto.',
    'error.userAlreadyExists':
      'Es gibt bereits ein Konto mit dieser E-Mail-Adresse. Melden Sie sich an oder verwenden Sie eine andere Adresse.',
    'error.emailNotVerified':
      'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse: Öffnen Sie den Link, den wir Ihnen geschickt haben, oder fordern Sie einen neuen an.',
    'error.passwordTooShort': 'Das Passwort ist zu kurz: Wählen Sie ein längeres.',
    'error.passwordTooCommon':
      'Dieses Passwort gehört zu den häufigsten: Wählen Sie eines, das schwerer zu erraten ist.',
    'error.passwordTooLong': 'Das Passwort ist zu lang: höchstens 128 Zeichen.',
    'error.invalidPassword': 'Dieses Passwort ist nicht richtig.',
    'error.invalidToken': 'Dieser Link ist ungültig oder wurde bereits verwendet.',
    'error.tokenExpired': 'Dieser Link ist abgelaufen. Fordern Sie einen neuen an.',
    'error.rateLimited': 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    'error.tooManyEmails':
      'Es wurden zu viele E-Mails gesendet. Bitte warten Sie eine Weile, bevor Sie eine weitere anfordern.',
    'error.tooManySignInAttempts':
      'Zu viele falsche Passwörter für diese E-Mail-Adresse. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
    'error.signInAgainFirst': 'Zu Ihrer Sicherheit melden Sie sich bitte erneut an, bevor Sie dies tun.',
    'error.passwordToDelete': 'Geben Sie Ihr Passwort ein, um Ihr Konto zu löschen.',
    'error.failedToSendEmail':
      'Die E-Mail konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
    'error.network':
      'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    'error.emailIsTheSame': 'Das ist bereits Ihre E-Mail-Adresse.',
    'error.sessionNotFound': 'Diese Sitzung ist bereits beendet.',
    'error.unauthorized': 'Sie wurden abgemeldet. Bitte melden Sie sich erneut an.',
    'error.noPassword': 'Dieses Konto hat kein Passwort.',
    'error.emailAlreadyVerified': 'Ihre E-Mail-Adresse ist bereits bestätigt.',
    'error.changeEmailDisabled': 'Das Ändern der E-Mail-Adresse ist auf diesem Server abgeschaltet.',
    'error.noEmailSending': 'Dieser Server kann keine E-Mails senden, daher ist dies nicht verfügbar.',
    'error.nothingToSave': 'Es gibt nichts zu speichern.',
    'error.invalidEmail': 'Geben Sie eine gültige E-Mail-Adresse ein, etwa name@example.com.',
    'error.userNotFound': 'Das Konto, für das dieser Link gedacht war, existiert nicht mehr.',
    'error.invalidUser':
      'Dieser Link gehört zu einem anderen Konto. Melden Sie sich ab und öffnen Sie ihn erneut.',
    'error.resetPasswordDisabled':
      'Das Zurücksetzen des Passworts per E-Mail ist auf diesem Server abgeschaltet.',
    'error.signUpDisabled': 'Auf diesem Server können keine neuen Konten erstellt werden.',
    'error.signUpInviteOnly':
      'Dieser Server ist nur auf Einladung zugänglich: Bitten Sie eine Organisation, diese Adresse einzuladen.',
    'error.notAllowedCreateUsers': 'Ihre Rolle erlaubt es nicht, Benutzer anzulegen.',
    'error.notAllowedImportUsers': 'Ihre Rolle erlaubt es nicht, Benutzer zu importieren.',
    'error.importInvalid': 'Die Datei enthält Fehler, daher wurde nichts importiert.',
    'error.notAllowedListUsers': 'Ihre Rolle erlaubt es nicht, die Benutzerliste zu sehen.',
    'error.notAllowedGetUser': 'Ihre Rolle erlaubt es nicht, diesen Benutzer zu sehen.',
    'error.notAllowedUpdateUsers': 'Ihre Rolle erlaubt es nicht, Benutzer zu ändern.',
    'error.notAllowedChangeRole': 'Ihre Rolle erlaubt es nicht, Rollen zu ändern.',
    'error.notAllowedSetEmail': 'Ihre Rolle erlaubt es nicht, E-Mail-Adressen zu ändern.',
    'error.notAllowedSetPassword': 'Ihre Rolle erlaubt es nicht, Passwörter festzulegen.',
    'error.notAllowedBan': 'Ihre Rolle erlaubt es nicht, Benutzer zu sperren oder zu entsperren.',
    'error.notAllowedImpersonate': 'Ihre Rolle erlaubt es nicht, die Identität von Benutzern zu übernehmen.',
    'error.notAllowedDeleteUsers': 'Ihre Rolle erlaubt es nicht, Benutzer zu löschen.',
    'error.notAllowedListSessions': 'Ihre Rolle erlaubt es nicht, die Sitzungen von Benutzern zu sehen.',
    'error.notAllowedRevokeSessions': 'Ihre Rolle erlaubt es nicht, Benutzer abzumelden.',
    'error.cannotBanYourself': 'Sie können Ihr eigenes Konto nicht sperren.',
    'error.cannotRemoveYourself':
      'Ihr eigenes Konto können Sie hier nicht löschen; verwenden Sie „Konto löschen“ in Ihrem Konto.',
    'error.cannotImpersonateAdmins': 'Die Identität von Administratoren kann nicht übernommen werden.',
    'error.invalidRole': 'Diese Rolle ist ungültig.',
    'error.passwordViaUpdateUser':
      'Verwenden Sie „Passwort festlegen“, um das Passwort eines Benutzers zu ändern.',
    'error.userIdFixed': 'Die ID eines Benutzers kann nicht geändert werden.',
    'error.failedToCreateUser': 'Der Benutzer konnte nicht angelegt werden. Bitte versuchen Sie es erneut.',
    'error.notImpersonating': 'Sie haben keine fremde Identität übernommen.',
    'error.adminSessionNotFound':
      'Ihre eigene Administratorsitzung ist beendet. Melden Sie sich ab und dann wieder als Sie selbst an.',
    'error.providerNotFound': 'Die Anmeldung mit diesem Anbieter ist auf diesem Server nicht verfügbar.',
    'error.socialAccountAlreadyLinked':
      'Dieses Konto ist bereits mit einem anderen Gatehouse-Konto verbunden.',
    'error.unlinkLastAccount':
      'Dies ist Ihre einzige Anmeldemöglichkeit, daher kann sie nicht entfernt werden.',
    'error.accountNotFound': 'Dieses verbundene Konto existiert nicht mehr. Laden Sie die Seite neu.',
    'error.linkingNotAllowed':
      'Dieses Konto konnte nicht verbunden werden: Seine E-Mail-Adresse ist beim Anbieter nicht bestätigt.',
    'error.linkingDifferentEmails':
      'Dieses Konto konnte nicht verbunden werden: Es verwendet eine andere E-Mail-Adresse.',
    'error.linkingFailed': 'Das Konto konnte nicht verbunden werden. Bitte versuchen Sie es erneut.',
    'error.invalidCallbackUrl':
      'Die Anmeldung konnte nicht beginnen: Der Server vertraut der Adresse dieser Seite nicht.',
  },
  fr: {
    'error.unknown': 'Une erreur s’est produite. Veuillez réessayer.',
    'error.invalidEmailOrPassword':
      'Cette adresse e-mail et ce mot de passe ne correspondent à aucun compte.',
    'error.userAlreadyExists':
      'Un compte existe déjà avec cette adresse e-mail. Connectez-vous ou utilisez une autre adresse.',
    'error.emailNotVerified':
      'Veuillez d’abord confirmer votre adresse e-mail : ouvrez le lien que nous vous avons envoyé ou demandez-en un nouveau.',
    'error.passwordTooShort': 'Le mot de passe est trop court : choisissez-en un plus long.',
    'error.passwordTooCommon':
      'Ce mot de passe fait partie des plus courants : choisissez-en un plus difficile à deviner.',
    'error.passwordTooLong': 'Le mot de passe est trop long : 128 caractères au maximum.',
    'error.invalidPassword': 'Ce mot de passe n’est pas correct.',
    'error.invalidToken': 'Ce lien n’est pas valide ou a déjà été utilisé.',
    'error.tokenExpired': 'Ce lien a expiré. Demandez-en un nouveau.',
    'error.rateLimited': 'Trop de tentatives. Veuillez patienter un instant puis réessayer.',
    'error.tooManyEmails': 'Trop d’e-mails ont été envoyés. Veuillez patienter avant d’en demander un autre.',
    'error.tooManySignInAttempts':
      'Trop de mots de passe erronés pour cette adresse e-mail. Veuillez patienter quelques minutes puis réessayer.',
    'error.signInAgainFirst': 'Pour votre sécurité, veuillez vous reconnecter avant de faire ceci.',
    'error.passwordToDelete': 'Saisissez votre mot de passe pour supprimer votre compte.',
    'error.failedToSendEmail': 'Nous n’avons pas pu envoyer l’e-mail. Veuillez réessayer plus tard.',
    'error.network': 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
    'error.emailIsTheSame': 'C’est déjà votre adresse e-mail.',
    'error.sessionNotFound': 'Cette session est déjà terminée.',
    'error.unauthorized': 'Vous avez été déconnecté. Veuillez vous reconnecter.',
    'error.noPassword': 'Ce compte n’a pas de mot de passe.',
    'error.emailAlreadyVerified': 'Votre adresse e-mail est déjà confirmée.',
    'error.changeEmailDisabled': 'La modification de l’adresse e-mail est désactivée sur ce serveur.',
    'error.noEmailSending':
      'Ce serveur ne peut pas envoyer d’e-mails : cette fonction n’est donc pas disponible.',
    'error.nothingToSave': 'Il n’y a rien à enregistrer.',
    'error.invalidEmail': 'Saisissez une adresse e-mail valide, comme nom@exemple.com.',
    'error.userNotFound': 'Le compte auquel ce lien était destiné n’existe plus.',
    'error.invalidUser': 'Ce lien appartient à un autre compte. Déconnectez-vous et ouvrez-le à nouveau.',
    'error.resetPasswordDisabled':
      'La réinitialisation du mot de passe par e-mail est désactivée sur ce serveur.',
    'error.signUpDisabled': 'Ce serveur ne permet pas de créer de nouveaux comptes.',
    'error.signUpInviteOnly':
      'Ce serveur fonctionne uniquement sur invitation : demandez à une organisation d’inviter cette adresse.',
    'error.notAllowedCreateUsers': 'Votre rôle ne permet pas de créer des utilisateurs.',
    'error.notAllowedImportUsers': 'Votre rôle ne permet pas d’importer des utilisateurs.',
    'error.importInvalid': 'Le fichier contient des erreurs : rien n’a été importé.',
    'error.notAllowedListUsers': 'Votre rôle ne permet pas de voir la liste des utilisateurs.',
    'error.notAllowedGetUser': 'Votre rôle ne permet pas de voir cet utilisateur.',
    'error.notAllowedUpdateUsers': 'Votre rôle ne permet pas de modifier des utilisateurs.',
    'error.notAllowedChangeRole': 'Votre rôle ne permet pas de modifier les rôles.',
    'error.notAllowedSetEmail': 'Votre rôle ne permet pas de modifier les adresses e-mail.',
    'error.notAllowedSetPassword': 'Votre rôle ne permet pas de définir des mots de passe.',
    'error.notAllowedBan': 'Votre rôle ne permet pas de bannir ou de réintégrer des utilisateurs.',
    'error.notAllowedImpersonate': 'Votre rôle ne permet pas d’emprunter l’identité d’utilisateurs.',
    'error.notAllowedDeleteUsers': 'Votre rôle ne permet pas de supprimer des utilisateurs.',
    'error.notAllowedListSessions': 'Votre rôle ne permet pas de voir les sessions des utilisateurs.',
    'error.notAllowedRevokeSessions': 'Votre rôle ne permet pas de déconnecter des utilisateurs.',
    'error.cannotBanYourself': 'Vous ne pouvez pas bannir votre propre compte.',
    'error.cannotRemoveYourself':
      'Vous ne pouvez pas supprimer votre propre compte ici ; utilisez « Supprimer le compte » dans votre compte.',
    'error.cannotImpersonateAdmins': 'Il est impossible d’emprunter l’identité d’un administrateur.',
    'error.invalidRole': 'Ce rôle n’est pas valide.',
    'error.passwordViaUpdateUser':
      'Utilisez « Définir le mot de passe » pour modifier le mot de passe d’un utilisateur.',
    'error.userIdFixed': 'L’identifiant d’un utilisateur ne peut pas être modifié.',
    'error.failedToCreateUser': 'L’utilisateur n’a pas pu être créé. Veuillez réessayer.',
    'error.notImpersonating': 'Vous n’empruntez l’identité de personne.',
    'error.adminSessionNotFound':
      'Votre propre session d’administration est terminée. Déconnectez-vous, puis reconnectez-vous en votre nom.',
    'error.providerNotFound': 'La connexion avec ce fournisseur n’est pas disponible sur ce serveur.',
    'error.socialAccountAlreadyLinked': 'Ce compte est déjà associé à un autre compte Gatehouse.',
    'error.unlinkLastAccount': 'C’est votre seul moyen de connexion : il ne peut donc pas être retiré.',
    'error.accountNotFound': 'Ce compte associé n’existe plus. Rechargez la page.',
    'error.linkingNotAllowed':
      'Ce compte n’a pas pu être associé : son adresse e-mail n’est pas confirmée chez le fournisseur.',
    'error.linkingDifferentEmails':
      'Ce compte n’a pas pu être associé : il utilise une autre adresse e-mail.',
    'error.linkingFailed': 'Le compte n’a pas pu être associé. Veuillez réessayer.',
    'error.invalidCallbackUrl':
      'La connexion n’a pas pu démarrer : le serveur ne fait pas confiance à l’adresse de cette page.',
  },
});
