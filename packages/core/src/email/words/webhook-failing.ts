import { defineEmailWords } from '../email-words.ts';

/**
 * A webhook endpoint turned failing (webhook-failing-template.ts): `{host}` is the host of its URL,
 * `{outcome}` the last attempt's status or error in these words; never the secret or a body.
 */
export const webhookFailingWords = defineEmailWords({
  en: {
    subject: 'Webhook deliveries to {host} are failing',
    'body.server': 'The server-wide webhook endpoint at {host} failed 3 delivery attempts in a row.',
    'body.organization':
      'The webhook endpoint at {host} of the organization {organization} failed 3 delivery attempts in a row.',
    keeps: 'Gatehouse keeps retrying and keeps sending new events to it.',
    last: 'Last attempt: {outcome}',
    status: 'HTTP status {status}',
    'error.timeout': 'no answer in time',
    'error.connection_failed': 'the connection failed',
    'error.tls': 'the TLS handshake or certificate check failed',
    'error.private_address': 'the address is private and not allowed',
    'error.unknown': 'failed',
    action: 'Open the webhooks',
    ignore: 'Once an attempt succeeds again, the endpoint is no longer marked failing.',
  },
  de: {
    subject: 'Webhook-Zustellungen an {host} schlagen fehl',
    'body.server':
      'Der serverweite Webhook-Endpunkt bei {host} hat 3 Zustellversuche in Folge nicht angenommen.',
    'body.organization':
      'Der Webhook-Endpunkt bei {host} der Organisation {organization} hat 3 Zustellversuche in Folge nicht angenommen.',
    keeps: 'Gatehouse versucht es weiter und sendet ihm weiterhin neue Ereignisse.',
    last: 'Letzter Versuch: {outcome}',
    status: 'HTTP-Status {status}',
    'error.timeout': 'keine Antwort in der Frist',
    'error.connection_failed': 'die Verbindung schlug fehl',
    'error.tls': 'der TLS-Handshake oder die Zertifikatsprüfung schlug fehl',
    'error.private_address': 'die Adresse ist privat und nicht erlaubt',
    'error.unknown': 'fehlgeschlagen',
    action: 'Webhooks öffnen',
    ignore: 'Sobald ein Versuch wieder gelingt, gilt der Endpunkt nicht mehr als fehlerhaft.',
  },
  fr: {
    subject: 'Les envois de webhooks vers {host} échouent',
    'body.server':
      'Le point de terminaison de webhook de tout le serveur sur {host} a refusé 3 tentatives d’envoi de suite.',
    'body.organization':
      'Le point de terminaison de webhook sur {host} de l’organisation {organization} a refusé 3 tentatives d’envoi de suite.',
    keeps: 'Gatehouse continue de réessayer et de lui envoyer les nouveaux événements.',
    last: 'Dernière tentative\u00a0: {outcome}',
    status: 'statut HTTP {status}',
    'error.timeout': 'pas de réponse à temps',
    'error.connection_failed': 'la connexion a échoué',
    'error.tls': 'la négociation TLS ou la vérification du certificat a échoué',
    'error.private_address': 'l’adresse est privée et non autorisée',
    'error.unknown': 'échec',
    action: 'Ouvrir les webhooks',
    ignore: 'Dès qu’une tentative réussit de nouveau, le point de terminaison n’est plus signalé en échec.',
  },
});
