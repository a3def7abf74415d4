import { defineMessages } from '../define-messages.ts';

/**
 * Signing in by emailed link or code (docs/protocol/passwordless.md), and the words for their
 * refusals (lib/error-words.ts).
 */
export const passwordlessMessages = defineMessages({
  en: {
    'passwordless.offer': 'Sign in with a link or code sent by email',
    'passwordless.title': 'Sign in by email',
    'passwordless.description': 'We email you a way in: no password needed.',
    'passwordless.withPassword': 'Sign in with a password instead',
    'passwordless.sendLink': 'Email me a link',
    'passwordless.sendCode': 'Email me a code',
    'passwordless.linkSent':
      'Check your mail: we sent a sign-in link to {email}. Open it on this device, or type the code from the message here.',
    'passwordless.codeSent': 'Check your mail: we sent a six-digit code to {email}. Type it here.',
    'passwordless.code': 'Code from the email',
    'passwordless.codeFormat': 'Enter the six digits from the email.',
    'passwordless.again': 'Use another address or send again',
    'passwordless.linkFailed': 'This link has expired or was already used. Ask for a new one.',
    'passwordless.off': 'This server does not sign in by email.',
    'passwordless.error.invalidCode':
      'That code is not right, or it was already used. Check it and try again.',
    'passwordless.error.expired': 'This code has expired. Ask for a new one.',
    'passwordless.error.tooMany': 'Too many wrong tries: this code no longer works. Ask for a new one.',
    'passwordless.error.signUpClosed':
      'This server does not take new accounts: only existing accounts can sign in.',
    'passwordless.error.invalidType': 'This kind of code cannot be sent here.',
    'passwordless.error.changeEmailByCode': 'The address is changed with an emailed link, not a code.',
  },
  de: {
    'passwordless.offer': 'Mit einem per E-Mail gesendeten Link oder Code anmelden',
    'passwordless.title': 'Per E-Mail anmelden',
    'passwordless.description': 'Wir senden Ihnen einen Zugang per E-Mail: ohne Passwort.',
    'passwordless.withPassword': 'Stattdessen mit Passwort anmelden',
    'passwordless.sendLink': 'Link per E-Mail senden',
    'passwordless.sendCode': 'Code per E-Mail senden',
    'passwordless.linkSent':
      'Sehen Sie in Ihr Postfach: Wir haben einen Anmeldelink an {email} gesendet. Öffnen Sie ihn auf diesem Gerät oder geben Sie hier den Code aus der Nachricht ein.',
    'passwordless.codeSent':
      'Sehen Sie in Ihr Postfach: Wir haben einen sechsstelligen Code an {email} gesendet. Geben Sie ihn hier ein.',
    'passwordless.code': 'Code aus der E-Mail',
    'passwordless.codeFormat': 'Geben Sie die sechs Ziffern aus der E-Mail ein.',
    'passwordless.again': 'Andere Adresse verwenden oder erneut senden',
    'passwordless.linkFailed':
      'Dieser Link ist abgelaufen oder wurde schon verwendet. Fordern Sie einen neuen an.',
    'passwordless.off': 'Dieser Server bietet keine Anmeldung per E-Mail an.',
    'passwordless.error.invalidCode':
      'Dieser Code stimmt nicht oder wurde schon verwendet. Prüfen Sie ihn und versuchen Sie es erneut.',
    'passwordless.error.expired': 'Dieser Code ist abgelaufen. Fordern Sie einen neuen an.',
    'passwordless.error.tooMany':
      'Zu viele falsche Versuche: Dieser Code gilt nicht mehr. Fordern Sie einen neuen an.',
    'passwordless.error.signUpClosed':
      'Dieser Server nimmt keine neuen Konten an: Nur bestehende Konten können sich anmelden.',
    'passwordless.error.invalidType': 'Diese Art von Code kann hier nicht gesendet werden.',
    'passwordless.error.changeEmailByCode':
      'Die Adresse wird mit einem per E-Mail gesendeten Link geändert, nicht mit einem Code.',
  },
  fr: {
    'passwordless.offer': 'Se connecter avec un lien ou un code envoyé par e-mail',
    'passwordless.title': 'Connexion par e-mail',
    'passwordless.description': 'Nous vous envoyons un accès par e-mail\u00a0: sans mot de passe.',
    'passwordless.withPassword': 'Se connecter plutôt avec un mot de passe',
    'passwordless.sendLink': 'M’envoyer un lien',
    'passwordless.sendCode': 'M’envoyer un code',
    'passwordless.linkSent':
      'Consultez vos e-mails\u00a0: nous avons envoyé un lien de connexion à {email}. Ouvrez-le sur cet appareil, ou saisissez ici le code du message.',
    'passwordless.codeSent':
      'Consultez vos e-mails\u00a0: nous avons envoyé un code à six chiffres à {email}. Saisissez-le ici.',
    'passwordless.code': 'Code reçu par e-mail',
    'passwordless.codeFormat': 'Saisissez les six chiffres de l’e-mail.',
    'passwordless.again': 'Utiliser une autre adresse ou renvoyer',
    'passwordless.linkFailed': 'Ce lien a expiré ou a déjà servi. Demandez-en un nouveau.',
    'passwordless.off': 'Ce serveur ne propose pas la connexion par e-mail.',
    'passwordless.error.invalidCode':
      'Ce code n’est pas le bon, ou il a déjà servi. Vérifiez-le et réessayez.',
    'passwordless.error.expired': 'Ce code a expiré. Demandez-en un nouveau.',
    'passwordless.error.tooMany':
      'Trop d’essais erronés\u00a0: ce code ne fonctionne plus. Demandez-en un nouveau.',
    'passwordless.error.signUpClosed':
      'Ce serveur n’accepte pas de nouveaux comptes\u00a0: seuls les comptes existants peuvent se connecter.',
    'passwordless.error.invalidType': 'Ce type de code ne peut pas être envoyé ici.',
    'passwordless.error.changeEmailByCode':
      'L’adresse se change avec un lien envoyé par e-mail, pas avec un code.',
  },
});
