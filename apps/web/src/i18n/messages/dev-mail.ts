import { defineMessages } from '../define-messages.ts';

/** The development outbox page. */
export const devMailMessages = defineMessages({
  en: {
    'devMail.title': 'Dev mail',
    'devMail.intro': 'Emails the server would have sent, newest first. It keeps the last 100 in memory.',
    'devMail.why':
      'You see them because this server runs outside production without {smtpUrl}, and you opened it from the machine it runs on: a loopback address, not through a proxy. Anyone else is answered 404.',
    'devMail.refresh': 'Refresh',
    'devMail.loading': 'Loading messages…',
    'devMail.loadFailed': 'Could not load the outbox. {reason}',
    'devMail.status': 'The server answered {status}.',
    'devMail.unreachable': 'The server could not be reached.',
    'devMail.noOutbox':
      'This server has no dev outbox. It exists only in development without an SMTP server (no {smtpUrl}, {nodeEnv} not {production}), and only answers requests from the same machine, not through a proxy. With SMTP configured, the messages are in real inboxes.',
    'devMail.none': 'No messages yet',
    'devMail.noneExplain':
      'Sign up, ask for a password reset or change your email, and the message will appear here.',
    'devMail.list': 'Messages',
    'devMail.to': 'To {address}',
    'devMail.show': 'Show the message',
    'devMail.kind.verification': 'Email verification',
    'devMail.kind.passwordReset': 'Password reset',
    'devMail.kind.emailChange': 'Email change',
    'devMail.kind.accountDeletion': 'Account deletion',
    'devMail.kind.invitation': 'Invitation',
    'devMail.kind.twoFactorCode': 'Two-factor code',
  },
  de: {
    'devMail.title': 'Entwicklungs-Postausgang',
    'devMail.intro':
      'E-Mails, die der Server gesendet hätte, neueste zuerst. Er behält die letzten 100 im Speicher.',
    'devMail.why':
      'Sie sehen sie, weil dieser Server ohne {smtpUrl} außerhalb der Produktion läuft und Sie ihn vom selben Rechner aus geöffnet haben: über eine Loopback-Adresse, nicht über einen Proxy. Alle anderen erhalten 404.',
    'devMail.refresh': 'Aktualisieren',
    'devMail.loading': 'Nachrichten werden geladen…',
    'devMail.loadFailed': 'Der Postausgang konnte nicht geladen werden. {reason}',
    'devMail.status': 'Der Server antwortete mit {status}.',
    'devMail.unreachable': 'Der Server ist nicht erreichbar.',
    'devMail.noOutbox':
      'Dieser Server hat keinen Entwicklungs-Postausgang. Es gibt ihn nur in der Entwicklung ohne SMTP-Server (kein {smtpUrl}, {nodeEnv} nicht {production}), und er antwortet nur Anfragen vom selben Rechner, nicht über einen Proxy. Mit konfiguriertem SMTP liegen die Nachrichten in echten Postfächern.',
    'devMail.none': 'Noch keine Nachrichten',
    'devMail.noneExplain':
      'Registrieren Sie sich, fordern Sie ein neues Passwort an oder ändern Sie Ihre E-Mail-Adresse, dann erscheint die Nachricht hier.',
    'devMail.list': 'Nachrichten',
    'devMail.to': 'An {address}',
    'devMail.show': 'Nachricht anzeigen',
    'devMail.kind.verification': 'E-Mail-Bestätigung',
    'devMail.kind.passwordReset': 'Passwort zurücksetzen',
    'devMail.kind.emailChange': 'E-Mail-Änderung',
    'devMail.kind.accountDeletion': 'Kontolöschung',
    'devMail.kind.invitation': 'Einladung',
    'devMail.kind.twoFactorCode': 'Zwei-Faktor-Code',
  },
  fr: {
    'devMail.title': 'Courrier de développement',
    'devMail.intro':
      'Les e-mails que le serveur aurait envoyés, du plus récent au plus ancien. Il garde les 100 derniers en mémoire.',
    'devMail.why':
      'Vous les voyez parce que ce serveur tourne hors production sans {smtpUrl} et que vous l’ouvrez depuis la machine où il tourne : une adresse de bouclage, sans proxy. Tout autre visiteur reçoit 404.',
    'devMail.refresh': 'Actualiser',
    'devMail.loading': 'Chargement des messages…',
    'devMail.loadFailed': 'Impossible de charger la boîte d’envoi. {reason}',
    'devMail.status': 'Le serveur a répondu {status}.',
    'devMail.unreachable': 'Le serveur est injoignable.',
    'devMail.noOutbox':
      'Ce serveur n’a pas de boîte d’envoi de développement. Elle n’existe qu’en développement sans serveur SMTP (pas de {smtpUrl}, {nodeEnv} différent de {production}) et ne répond qu’aux requêtes de la même machine, sans proxy. Avec SMTP configuré, les messages arrivent dans de vraies boîtes de réception.',
    'devMail.none': 'Aucun message pour l’instant',
    'devMail.noneExplain':
      'Inscrivez-vous, demandez la réinitialisation d’un mot de passe ou changez votre e-mail, et le message apparaîtra ici.',
    'devMail.list': 'Messages',
    'devMail.to': 'À {address}',
    'devMail.show': 'Afficher le message',
    'devMail.kind.verification': 'Vérification de l’e-mail',
    'devMail.kind.passwordReset': 'Réinitialisation du mot de passe',
    'devMail.kind.emailChange': 'Changement d’e-mail',
    'devMail.kind.accountDeletion': 'Suppression du compte',
    'devMail.kind.invitation': 'Invitation',
    'devMail.kind.twoFactorCode': 'Code de double authentification',
  },
});
