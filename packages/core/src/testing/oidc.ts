// `@gatehouse/core/testing/oidc`: a real OpenID provider for social sign-in tests, and a test
// server already configured against it.
export * from '../features/social/social-test-kit.ts';
export * from './oidc-test-provider.ts';
