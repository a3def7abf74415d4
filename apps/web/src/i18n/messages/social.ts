import { defineMessages } from '../define-messages.ts';

/**
 * Signing in with another service: the buttons, the page a failed sign-in comes back to (its
 * `?error=` codes, lib/social-error-messages.ts) and the account's connected accounts.
 */
export const socialMessages = defineMessages({
  en: {
    'social.or': 'or',
    'social.otherWays': 'Other ways to sign in',
    'social.continueWith': 'Continue with {provider}',
    'social.errorCode': 'Error code:',
    'social.backToAccount': 'Back to your account',
    'social.backToSignIn': 'Back to sign in',
    'social.home': 'Go to the home page',
    'social.error.refused.title': 'This account is not allowed here',
    'social.error.refused.message': 'The server’s rules do not allow this account to sign in.',
    'social.error.accessDenied.title': 'Sign-in was cancelled',
    'social.error.accessDenied.message':
      'The provider did not give Gatehouse access, so you are not signed in. You can try again, or use another way to sign in.',
    'social.error.stateNotFound.title': 'This sign-in link is not complete',
    'social.error.stateNotFound.message':
      'The answer from the provider was missing its security check, so it was refused. Please try again.',
    'social.error.expired.title': 'This sign-in has expired',
    'social.error.stateMismatch.message':
      'The sign-in took too long, was already used, or was started in another browser. Start again from this browser. Please try again.',
    'social.error.stateInvalid.message':
      'The security check of this sign-in could not be read. Start again from this browser. Please try again.',
    'social.error.otherUser.title': 'That account belongs to someone else',
    'social.error.otherUser.message':
      'This account at the provider is already connected to another Gatehouse account. Sign in to that account instead, or use a different account at the provider.',
    'social.error.emailNotFound.title': 'The provider did not share your email',
    'social.error.emailNotFound.message':
      'Gatehouse needs an email address to sign you in. Allow the provider to share your email, or make it public there, then try again.',
    'social.error.emailMismatch.title': 'The email addresses do not match',
    'social.error.emailMismatch.message':
      'The account at the provider uses a different email address from this Gatehouse account, so it was not connected.',
    'social.error.notLinked.title': 'Sign in with your password first',
    'social.error.notLinked.message':
      'An account with this email already exists. To keep it safe it was not connected automatically: sign in with your email and password, then connect the provider from your account.',
    'social.error.unableToLink.title': 'The account could not be connected',
    'social.error.unableToLink.message':
      'The provider’s account could not be connected to yours, for example because its email is not verified there or because your session ended. Please try again.',
    'social.error.emailNotVerified.title': 'Please verify your email first',
    'social.error.emailNotVerified.message': 'Open the verification link we sent you, then sign in again.',
    'social.error.signUpDisabled.title': 'New accounts cannot be created this way',
    'social.error.signUpDisabled.message':
      'There is no account for this email, and this server does not create accounts through this provider.',
    'social.error.noUserInfo.title': 'The provider did not tell us who you are',
    'social.error.noUserInfo.message':
      'Gatehouse could not read your profile from the provider. Please try again.',
    'social.error.invalidCode.title': 'The provider’s answer was refused',
    'social.error.invalidCode.message':
      'The sign-in code from the provider could not be used; it may have expired. Please try again.',
    'social.error.providerNotFound.title': 'This provider is not available',
    'social.error.providerNotFound.message': 'This server does not offer sign-in with that provider.',
    'social.error.noCode.title': 'The provider’s answer was incomplete',
    'social.error.noCode.message': 'The provider sent you back without a sign-in code. Please try again.',
    'social.error.securityCheck.title': 'The provider’s answer failed a security check',
    'social.error.issuerMismatch.message':
      'The answer did not come from the provider this sign-in was started with, so it was refused. Please try again.',
    'social.error.nonceMissing.message':
      'This sign-in was missing part of its security check, so it was refused. Please try again.',
    'social.error.createUser.title': 'Your account could not be created',
    'social.error.createUser.message': 'The server could not save your new account. Please try again.',
    'social.error.notSignedIn.title': 'You could not be signed in',
    'social.error.createSession.message':
      'The provider confirmed who you are, but the server could not start your session. Please try again.',
    'social.error.updateAccount.message':
      'The server could not update your connected account. Please try again.',
    'social.error.internal.title': 'Something went wrong on our side',
    'social.error.internal.message':
      'The server ran into a problem while finishing your sign-in. Please try again.',
    'social.error.generic.title': 'Sign-in did not work',
    'social.error.generic.message':
      'Something went wrong while signing in with the provider. Please try again.',
    'social.connections.title': 'Connected accounts',
    'social.connections.explain':
      'Accounts at other services you can sign in with, and your email and password.',
    'social.connections.linked': 'The account is connected. You can now sign in with it.',
    'social.connections.cardTitle': 'Ways to sign in',
    'social.connections.cardExplain':
      'Sign in with any of these. Connect another provider so you have a way in if one stops working.',
    'social.connections.removed': 'The account was removed. You can no longer sign in with it.',
    'social.connections.loading': 'Loading connected accounts…',
    'social.connections.loadFailed': 'Your connected accounts could not be loaded.',
    'social.connections.tryAgain': 'Try again',
    'social.connections.list': 'Connected accounts',
    'social.connections.connect': 'Connect {provider}',
    'social.connections.credential': 'Email and password',
    'social.connections.added': 'Added {date}',
    'social.connections.onlyWay': 'This is your only way to sign in, so it can’t be removed.',
    'social.connections.connectFirst': 'Connect another account first.',
    'social.connections.removeLabel': 'Remove {name}',
    'social.connections.remove': 'Remove',
    'social.connections.removeTitle': 'Remove {name}?',
    'social.connections.removeCredential':
      'You will no longer be able to sign in with your email and password.',
    'social.connections.removeProvider':
      'You will no longer be able to sign in with {name}. You can connect it again later.',
  },
  de: {
    'social.or': 'oder',
    'social.otherWays': 'Andere Anmeldemöglichkeiten',
    'social.continueWith': 'Weiter mit {provider}',
    'social.errorCode': 'Fehlercode:',
    'social.backToAccount': 'Zurück zu Ihrem Konto',
    'social.backToSignIn': 'Zurück zur Anmeldung',
    'social.home': 'Zur Startseite',
    'social.error.refused.title': 'Dieses Konto ist hier nicht zugelassen',
    'social.error.refused.message': 'Die Regeln des Servers erlauben diesem Konto keine Anmeldung.',
    'social.error.accessDenied.title': 'Die Anmeldung wurde abgebrochen',
    'social.error.accessDenied.message':
      'Der Anbieter hat Gatehouse keinen Zugriff gewährt, daher sind Sie nicht angemeldet. Sie können es erneut versuchen oder sich auf andere Weise anmelden.',
    'social.error.stateNotFound.title': 'Dieser Anmeldelink ist unvollständig',
    'social.error.stateNotFound.message':
      'Der Antwort des Anbieters fehlte ihre Sicherheitsprüfung, daher wurde sie abgelehnt. Bitte versuchen Sie es erneut.',
    'social.error.expired.title': 'Diese Anmeldung ist abgelaufen',
    'social.error.stateMismatch.message':
      'Die Anmeldung hat zu lange gedauert, wurde bereits verwendet oder in einem anderen Browser begonnen. Beginnen Sie in diesem Browser neu. Bitte versuchen Sie es erneut.',
    'social.error.stateInvalid.message':
      'Die Sicherheitsprüfung dieser Anmeldung konnte nicht gelesen werden. Beginnen Sie in diesem Browser neu. Bitte versuchen Sie es erneut.',
    'social.error.otherUser.title': 'Dieses Konto gehört jemand anderem',
    'social.error.otherUser.message':
      'Dieses Konto beim Anbieter ist bereits mit einem anderen Gatehouse-Konto verbunden. Melden Sie sich stattdessen bei jenem Konto an oder verwenden Sie ein anderes Konto beim Anbieter.',
    'social.error.emailNotFound.title': 'Der Anbieter hat Ihre E-Mail-Adresse nicht geteilt',
    'social.error.emailNotFound.message':
      'Gatehouse braucht eine E-Mail-Adresse, um Sie anzumelden. Erlauben Sie dem Anbieter, Ihre E-Mail-Adresse zu teilen, oder machen Sie sie dort öffentlich, und versuchen Sie es dann erneut.',
    'social.error.emailMismatch.title': 'Die E-Mail-Adressen stimmen nicht überein',
    'social.error.emailMismatch.message':
      'Das Konto beim Anbieter verwendet eine andere E-Mail-Adresse als dieses Gatehouse-Konto, daher wurde es nicht verbunden.',
    'social.error.notLinked.title': 'Melden Sie sich zuerst mit Ihrem Passwort an',
    'social.error.notLinked.message':
      'Es gibt bereits ein Konto mit dieser E-Mail-Adresse. Zu seinem Schutz wurde es nicht automatisch verbunden: Melden Sie sich mit E-Mail-Adresse und Passwort an und verbinden Sie den Anbieter dann in Ihrem Konto.',
    'social.error.unableToLink.title': 'Das Konto konnte nicht verbunden werden',
    'social.error.unableToLink.message':
      'Das Konto beim Anbieter konnte nicht mit Ihrem verbunden werden, etwa weil seine E-Mail-Adresse dort nicht bestätigt ist oder Ihre Sitzung abgelaufen ist. Bitte versuchen Sie es erneut.',
    'social.error.emailNotVerified.title': 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse',
    'social.error.emailNotVerified.message':
      'Öffnen Sie den Bestätigungslink, den wir Ihnen geschickt haben, und melden Sie sich dann erneut an.',
    'social.error.signUpDisabled.title': 'Auf diesem Weg können keine neuen Konten erstellt werden',
    'social.error.signUpDisabled.message':
      'Für diese E-Mail-Adresse gibt es kein Konto, und dieser Server erstellt über diesen Anbieter keine Konten.',
    'social.error.noUserInfo.title': 'Der Anbieter hat uns nicht gesagt, wer Sie sind',
    'social.error.noUserInfo.message':
      'Gatehouse konnte Ihr Profil beim Anbieter nicht lesen. Bitte versuchen Sie es erneut.',
    'social.error.invalidCode.title': 'Die Antwort des Anbieters wurde abgelehnt',
    'social.error.invalidCode.message':
      'Der Anmeldecode des Anbieters konnte nicht verwendet werden; vielleicht ist er abgelaufen. Bitte versuchen Sie es erneut.',
    'social.error.providerNotFound.title': 'Dieser Anbieter ist nicht verfügbar',
    'social.error.providerNotFound.message': 'Dieser Server bietet keine Anmeldung mit diesem Anbieter an.',
    'social.error.noCode.title': 'Die Antwort des Anbieters war unvollständig',
    'social.error.noCode.message':
      'Der Anbieter hat Sie ohne Anmeldecode zurückgeschickt. Bitte versuchen Sie es erneut.',
    'social.error.securityCheck.title':
      'Die Antwort des Anbieters hat eine Sicherheitsprüfung nicht bestanden',
    'social.error.issuerMismatch.message':
      'Die Antwort kam nicht von dem Anbieter, mit dem diese Anmeldung begonnen wurde, daher wurde sie abgelehnt. Bitte versuchen Sie es erneut.',
    'social.error.nonceMissing.message':
      'Dieser Anmeldung fehlte ein Teil ihrer Sicherheitsprüfung, daher wurde sie abgelehnt. Bitte versuchen Sie es erneut.',
    'social.error.createUser.title': 'Ihr Konto konnte nicht erstellt werden',
    'social.error.createUser.message':
      'Der Server konnte Ihr neues Konto nicht speichern. Bitte versuchen Sie es erneut.',
    'social.error.notSignedIn.title': 'Sie konnten nicht angemeldet werden',
    'social.error.createSession.message':
      'Der Anbieter hat bestätigt, wer Sie sind, aber der Server konnte Ihre Sitzung nicht starten. Bitte versuchen Sie es erneut.',
    'social.error.updateAccount.message':
      'Der Server konnte Ihr verbundenes Konto nicht aktualisieren. Bitte versuchen Sie es erneut.',
    'social.error.internal.title': 'Bei uns ist etwas schiefgelaufen',
    'social.error.internal.message':
      'Beim Abschließen Ihrer Anmeldung ist auf dem Server ein Problem aufgetreten. Bitte versuchen Sie es erneut.',
    'social.error.generic.title': 'Die Anmeldung hat nicht funktioniert',
    'social.error.generic.message':
      'Bei der Anmeldung über den Anbieter ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.',
    'social.connections.title': 'Verbundene Konten',
    'social.connections.explain':
      'Konten bei anderen Diensten, mit denen Sie sich anmelden können, sowie Ihre E-Mail-Adresse und Ihr Passwort.',
    'social.connections.linked': 'Das Konto ist verbunden. Sie können sich jetzt damit anmelden.',
    'social.connections.cardTitle': 'Anmeldemöglichkeiten',
    'social.connections.cardExplain':
      'Melden Sie sich mit einer davon an. Verbinden Sie einen weiteren Anbieter, damit Sie auch dann hineinkommen, wenn einer nicht mehr funktioniert.',
    'social.connections.removed': 'Das Konto wurde entfernt. Sie können sich nicht mehr damit anmelden.',
    'social.connections.loading': 'Verbundene Konten werden geladen…',
    'social.connections.loadFailed': 'Ihre verbundenen Konten konnten nicht geladen werden.',
    'social.connections.tryAgain': 'Erneut versuchen',
    'social.connections.list': 'Verbundene Konten',
    'social.connections.connect': '{provider} verbinden',
    'social.connections.credential': 'E-Mail-Adresse und Passwort',
    'social.connections.added': 'Hinzugefügt am {date}',
    'social.connections.onlyWay':
      'Dies ist Ihre einzige Anmeldemöglichkeit, daher kann sie nicht entfernt werden.',
    'social.connections.connectFirst': 'Verbinden Sie zuerst ein weiteres Konto.',
    'social.connections.removeLabel': '{name} entfernen',
    'social.connections.remove': 'Entfernen',
    'social.connections.removeTitle': '{name} entfernen?',
    'social.connections.removeCredential':
      'Sie können sich dann nicht mehr mit Ihrer E-Mail-Adresse und Ihrem Passwort anmelden.',
    'social.connections.removeProvider':
      'Sie können sich dann nicht mehr mit {name} anmelden. Sie können es später wieder verbinden.',
  },
  fr: {
    'social.or': 'ou',
    'social.otherWays': 'Autres moyens de connexion',
    'social.continueWith': 'Continuer avec {provider}',
    'social.errorCode': 'Code d’erreur :',
    'social.backToAccount': 'Retour à votre compte',
    'social.backToSignIn': 'Retour à la connexion',
    'social.home': 'Aller à la page d’accueil',
    'social.error.refused.title': 'Ce compte n’est pas autorisé ici',
    'social.error.refused.message': 'Les règles du serveur n’autorisent pas ce compte à se connecter.',
    'social.error.accessDenied.title': 'La connexion a été annulée',
    'social.error.accessDenied.message':
      'Le fournisseur n’a pas donné accès à Gatehouse : vous n’êtes donc pas connecté. Vous pouvez réessayer ou utiliser un autre moyen de connexion.',
    'social.error.stateNotFound.title': 'Ce lien de connexion est incomplet',
    'social.error.stateNotFound.message':
      'Il manquait à la réponse du fournisseur sa vérification de sécurité : elle a donc été refusée. Veuillez réessayer.',
    'social.error.expired.title': 'Cette connexion a expiré',
    'social.error.stateMismatch.message':
      'La connexion a pris trop de temps, a déjà été utilisée ou a été commencée dans un autre navigateur. Recommencez depuis ce navigateur. Veuillez réessayer.',
    'social.error.stateInvalid.message':
      'La vérification de sécurité de cette connexion n’a pas pu être lue. Recommencez depuis ce navigateur. Veuillez réessayer.',
    'social.error.otherUser.title': 'Ce compte appartient à quelqu’un d’autre',
    'social.error.otherUser.message':
      'Ce compte chez le fournisseur est déjà associé à un autre compte Gatehouse. Connectez-vous plutôt à ce compte ou utilisez un autre compte chez le fournisseur.',
    'social.error.emailNotFound.title': 'Le fournisseur n’a pas partagé votre adresse e-mail',
    'social.error.emailNotFound.message':
      'Gatehouse a besoin d’une adresse e-mail pour vous connecter. Autorisez le fournisseur à partager votre adresse ou rendez-la publique chez lui, puis réessayez.',
    'social.error.emailMismatch.title': 'Les adresses e-mail ne correspondent pas',
    'social.error.emailMismatch.message':
      'Le compte chez le fournisseur utilise une autre adresse e-mail que ce compte Gatehouse : il n’a donc pas été associé.',
    'social.error.notLinked.title': 'Connectez-vous d’abord avec votre mot de passe',
    'social.error.notLinked.message':
      'Un compte existe déjà avec cette adresse e-mail. Pour sa sécurité, il n’a pas été associé automatiquement : connectez-vous avec votre adresse e-mail et votre mot de passe, puis associez le fournisseur depuis votre compte.',
    'social.error.unableToLink.title': 'Le compte n’a pas pu être associé',
    'social.error.unableToLink.message':
      'Le compte du fournisseur n’a pas pu être associé au vôtre, par exemple parce que son adresse e-mail n’y est pas confirmée ou parce que votre session a pris fin. Veuillez réessayer.',
    'social.error.emailNotVerified.title': 'Veuillez d’abord confirmer votre adresse e-mail',
    'social.error.emailNotVerified.message':
      'Ouvrez le lien de confirmation que nous vous avons envoyé, puis reconnectez-vous.',
    'social.error.signUpDisabled.title': 'Impossible de créer un compte de cette façon',
    'social.error.signUpDisabled.message':
      'Il n’existe aucun compte pour cette adresse e-mail, et ce serveur ne crée pas de comptes via ce fournisseur.',
    'social.error.noUserInfo.title': 'Le fournisseur ne nous a pas dit qui vous êtes',
    'social.error.noUserInfo.message':
      'Gatehouse n’a pas pu lire votre profil chez le fournisseur. Veuillez réessayer.',
    'social.error.invalidCode.title': 'La réponse du fournisseur a été refusée',
    'social.error.invalidCode.message':
      'Le code de connexion du fournisseur n’a pas pu être utilisé ; il a peut-être expiré. Veuillez réessayer.',
    'social.error.providerNotFound.title': 'Ce fournisseur n’est pas disponible',
    'social.error.providerNotFound.message': 'Ce serveur ne propose pas la connexion avec ce fournisseur.',
    'social.error.noCode.title': 'La réponse du fournisseur était incomplète',
    'social.error.noCode.message':
      'Le fournisseur vous a renvoyé sans code de connexion. Veuillez réessayer.',
    'social.error.securityCheck.title': 'La réponse du fournisseur a échoué à une vérification de sécurité',
    'social.error.issuerMismatch.message':
      'La réponse ne venait pas du fournisseur avec lequel cette connexion a commencé : elle a donc été refusée. Veuillez réessayer.',
    'social.error.nonceMissing.message':
      'Il manquait une partie de la vérification de sécurité de cette connexion : elle a donc été refusée. Veuillez réessayer.',
    'social.error.createUser.title': 'Votre compte n’a pas pu être créé',
    'social.error.createUser.message':
      'Le serveur n’a pas pu enregistrer votre nouveau compte. Veuillez réessayer.',
    'social.error.notSignedIn.title': 'Vous n’avez pas pu être connecté',
    'social.error.createSession.message':
      'Le fournisseur a confirmé votre identité, mais le serveur n’a pas pu ouvrir votre session. Veuillez réessayer.',
    'social.error.updateAccount.message':
      'Le serveur n’a pas pu mettre à jour votre compte associé. Veuillez réessayer.',
    'social.error.internal.title': 'Un problème est survenu de notre côté',
    'social.error.internal.message':
      'Le serveur a rencontré un problème en finalisant votre connexion. Veuillez réessayer.',
    'social.error.generic.title': 'La connexion n’a pas fonctionné',
    'social.error.generic.message':
      'Une erreur s’est produite lors de la connexion avec le fournisseur. Veuillez réessayer.',
    'social.connections.title': 'Comptes associés',
    'social.connections.explain':
      'Les comptes d’autres services avec lesquels vous pouvez vous connecter, ainsi que votre adresse e-mail et votre mot de passe.',
    'social.connections.linked': 'Le compte est associé. Vous pouvez désormais vous connecter avec lui.',
    'social.connections.cardTitle': 'Moyens de connexion',
    'social.connections.cardExplain':
      'Connectez-vous avec l’un d’eux. Associez un autre fournisseur pour garder un accès si l’un cesse de fonctionner.',
    'social.connections.removed': 'Le compte a été retiré. Vous ne pouvez plus vous connecter avec lui.',
    'social.connections.loading': 'Chargement des comptes associés…',
    'social.connections.loadFailed': 'Vos comptes associés n’ont pas pu être chargés.',
    'social.connections.tryAgain': 'Réessayer',
    'social.connections.list': 'Comptes associés',
    'social.connections.connect': 'Associer {provider}',
    'social.connections.credential': 'Adresse e-mail et mot de passe',
    'social.connections.added': 'Ajouté le {date}',
    'social.connections.onlyWay': 'C’est votre seul moyen de connexion : il ne peut donc pas être retiré.',
    'social.connections.connectFirst': 'Associez d’abord un autre compte.',
    'social.connections.removeLabel': 'Retirer {name}',
    'social.connections.remove': 'Retirer',
    'social.connections.removeTitle': 'Retirer {name} ?',
    'social.connections.removeCredential':
      'Vous ne pourrez plus vous connecter avec votre adresse e-mail et votre mot de passe.',
    'social.connections.removeProvider':
      'Vous ne pourrez plus vous connecter avec {name}. Vous pourrez l’associer à nouveau plus tard.',
  },
});
