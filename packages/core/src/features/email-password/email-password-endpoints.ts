import type { ApiFeature } from '../../http/endpoint.ts';
import { signInEmail } from './sign-in.ts';
import { signOut } from './sign-out.ts';
import { signUpEmail } from './sign-up.ts';

/** Sign-up, sign-in and sign-out with an email and a password. */
export const emailPasswordEndpoints = [signUpEmail, signInEmail, signOut] as const;

/** The OpenAPI tag of this feature's routes, and the `/docs/api` page's group. */
export const emailPasswordFeature: ApiFeature = {
  name: 'Email and password',
  description: 'Sign-up, sign-in and sign-out with an email address and a password.',
};
