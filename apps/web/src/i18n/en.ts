/**
 * The app's words in English, the catalogue every other language must match key for key
 * (`Catalogue` makes a missing key a type error; catalogues.test.ts fails on one too).
 * `{name}` marks a value filled in when the text is used.
 */
export const en = {
  'layout.skip': 'Skip to content',
  'layout.signIn': 'Sign in',
  'menu.accountFor': 'Account menu for {name}',
  'menu.account': 'Account',
  'menu.organizations': 'Organizations',
  'menu.admin': 'Admin console',
  'menu.theme': 'Theme',
  'menu.language': 'Language',
  'menu.signOut': 'Sign out',
  'theme.system': 'System',
  'theme.light': 'Light',
  'theme.dark': 'Dark',
  'theme.current': 'Theme:',
  'org.switcher': 'Organization:',
  'org.workIn': 'Work in',
  'org.personal': 'Personal',
  'org.loading': 'Loading organizations…',
  'org.loadFailed': 'Could not load organizations: {reason}',
  'org.invitations': 'Invitations',
  'org.invitationCount': '{count} waiting',
  'org.join': 'Join {name}',
  'org.create': 'Create organization',
  'org.switchFailed': 'Could not switch: {reason}',
  'reauth.title': 'Confirm it’s you',
  'reauth.withPassword': 'You signed in a while ago. To continue, enter your password for {email}.',
  'reauth.withProvider': 'You signed in a while ago. To continue, sign in again for {email}.',
  'reauth.password': 'Password',
  'reauth.wrongPassword': 'That password is not right.',
  'reauth.twoFactor': 'Your account asks for a second factor.',
  'reauth.providers': 'Confirm with a provider',
  'reauth.continueWith': 'Continue with {provider}',
  'reauth.confirm': 'Confirm',
  'common.cancel': 'Cancel',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
