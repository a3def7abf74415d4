// `@gatehouse/core/testing`: what tests outside the engine (the server app, the client, e2e) use to
// run it for real. The OpenID provider, which loads oidc-provider, is its own entry:
// `@gatehouse/core/testing/oidc`.
export * from './answer-checker.ts';
export { CaptureMailer } from './capture-mailer.ts';
export { cheapPasswordHasher, testPasswordHasher } from './cheap-password-hasher.ts';
export { CookieJar } from './cookie-jar.ts';
export { present } from './present.ts';
export * from './smtp-test-server.ts';
export * from './software-authenticator.ts';
export * from './tcp-proxy.ts';
export * from './test-database.ts';
export * from './test-images.ts';
export * from './test-server.ts';
export * from './totp-codes.ts';
export * from './webhook-receiver.ts';
