import { defineMessages } from '../define-messages.ts';

/**
 * Words for the webhooks feature's refusals (docs/protocol/webhooks.md#49-errors), shown wherever a
 * webhook call fails; the app has no webhook screens yet.
 */
export const webhookMessages = defineMessages({
  en: {
    'webhook.error.notAllowed': 'You are not allowed to manage webhooks here.',
    'webhook.error.endpointNotFound': 'This webhook endpoint no longer exists.',
    'webhook.error.deliveryNotFound': 'This webhook delivery no longer exists.',
    'webhook.error.endpointDisabled': 'This webhook endpoint is turned off: turn it on first.',
    'webhook.error.eventTypeUnknown': 'One of the chosen event types does not exist.',
    'webhook.error.invalidUrl': 'Enter a full web address without a user name, password or #fragment.',
    'webhook.error.notHttps': 'The address must start with https://.',
    'webhook.error.privateAddress': 'The address must not point to this server or a private network.',
    'webhook.error.limitReached': 'There are already as many webhook endpoints as allowed.',
  },
  de: {
    'webhook.error.notAllowed': 'Sie dürfen hier keine Webhooks verwalten.',
    'webhook.error.endpointNotFound': 'Diesen Webhook-Endpunkt gibt es nicht mehr.',
    'webhook.error.deliveryNotFound': 'Diese Webhook-Zustellung gibt es nicht mehr.',
    'webhook.error.endpointDisabled':
      'Dieser Webhook-Endpunkt ist ausgeschaltet: Schalten Sie ihn zuerst ein.',
    'webhook.error.eventTypeUnknown': 'Einen der gewählten Ereignistypen gibt es nicht.',
    'webhook.error.invalidUrl':
      'Geben Sie eine vollständige Webadresse ohne Benutzernamen, Passwort oder #Fragment ein.',
    'webhook.error.notHttps': 'Die Adresse muss mit https:// beginnen.',
    'webhook.error.privateAddress': 'Die Adresse darf nicht auf diesen Server oder ein privates Netz zeigen.',
    'webhook.error.limitReached': 'Es gibt bereits so viele Webhook-Endpunkte wie erlaubt.',
  },
  fr: {
    'webhook.error.notAllowed': 'Vous n’êtes pas autorisé à gérer les webhooks ici.',
    'webhook.error.endpointNotFound': 'Ce point de terminaison de webhook n’existe plus.',
    'webhook.error.deliveryNotFound': 'Cet envoi de webhook n’existe plus.',
    'webhook.error.endpointDisabled':
      'Ce point de terminaison de webhook est désactivé : activez-le d’abord.',
    'webhook.error.eventTypeUnknown': 'L’un des types d’événements choisis n’existe pas.',
    'webhook.error.invalidUrl':
      'Saisissez une adresse web complète, sans nom d’utilisateur, mot de passe ni #fragment.',
    'webhook.error.notHttps': 'L’adresse doit commencer par https://.',
    'webhook.error.privateAddress': 'L’adresse ne doit pas désigner ce serveur ni un réseau privé.',
    'webhook.error.limitReached': 'Il y a déjà autant de points de terminaison de webhook que permis.',
  },
});
