import type { MessageKey } from '../../../i18n/en.ts';
import type { Translate } from '../../../i18n/translate-function.ts';

const RESOURCES: Record<string, MessageKey> = {
  organization: 'orgRole.resource.organization',
  member: 'orgRole.resource.member',
  invitation: 'orgRole.resource.invitation',
  team: 'orgRole.resource.team',
  ac: 'orgRole.resource.ac',
  auditLog: 'orgRole.resource.auditLog',
  apiKey: 'orgRole.resource.apiKey',
};

const ACTIONS: Record<string, MessageKey> = {
  create: 'orgRole.action.create',
  read: 'orgRole.action.read',
  update: 'orgRole.action.update',
  delete: 'orgRole.action.delete',
  cancel: 'orgRole.action.cancel',
};

/** A permission's resource as people read it; one the app does not know shows as stored. */
export const resourceLabel = (resource: string, t: Translate): string => {
  const key = RESOURCES[resource];
  return key ? t(key) : resource;
};

/** A permission's action as people read it; one the app does not know shows as stored. */
export const actionLabel = (action: string, t: Translate): string => {
  const key = ACTIONS[action];
  return key ? t(key) : action;
};
