import type { MessageKey } from '../../i18n/en.ts';
import type { Translate } from '../../i18n/translate-function.ts';

const RESOURCES: Record<string, MessageKey> = {
  organization: 'orgRole.resource.organization',
  member: 'orgRole.resource.member',
  invitation: 'orgRole.resource.invitation',
  team: 'orgRole.resource.team',
  ac: 'orgRole.resource.ac',
  auditLog: 'orgRole.resource.auditLog',
  apiKey: 'orgRole.resource.apiKey',
  webhook: 'orgRole.resource.webhook',
  // The admin statements, which only an admin's API key is offered (components/api-keys/scope-picker.tsx).
  user: 'apiKey.scope.user',
  session: 'apiKey.scope.session',
};

const ACTIONS: Record<string, MessageKey> = {
  create: 'orgRole.action.create',
  read: 'orgRole.action.read',
  update: 'orgRole.action.update',
  delete: 'orgRole.action.delete',
  cancel: 'orgRole.action.cancel',
  list: 'apiKey.scope.list',
  get: 'apiKey.scope.get',
  'set-role': 'apiKey.scope.setRole',
  ban: 'apiKey.scope.ban',
  impersonate: 'apiKey.scope.impersonate',
  'impersonate-admins': 'apiKey.scope.impersonateAdmins',
  'set-password': 'apiKey.scope.setPassword',
  'set-email': 'apiKey.scope.setEmail',
  revoke: 'apiKey.scope.revoke',
  verify: 'apiKey.scope.verify',
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
