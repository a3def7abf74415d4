/** Every route of the app, in one place. */
export const paths = {
  home: '/',
  signIn: '/sign-in',
  /** The second step of signing in, with `?callbackURL=` for where to go afterwards. */
  signInTwoFactor: '/sign-in/two-factor',
  /** Signing in with an emailed link or code; a failed link comes back with `?error=`. */
  signInByEmail: '/sign-in/by-email',
  signUp: '/sign-up',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  account: '/account',
  accountSecurity: '/account/security',
  accountSessions: '/account/sessions',
  accountDelete: '/account/delete',
  accountActivity: '/account/activity',
  adminAudit: '/admin/audit',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminWebhooks: '/admin/webhooks',
  /** One user; build it with `generatePath(paths.adminUser, { userId })`. */
  adminUser: '/admin/users/:userId',
  devMail: '/dev/mail',
  /** Where a failed social sign-in comes back to, with `?error=<code>`. */
  socialError: '/social-error',
  accountConnections: '/account/connections',
  accountApiKeys: '/account/api-keys',
  /** The API reference, read from the engine's OpenAPI document. */
  apiDocs: '/docs/api',
} as const;
