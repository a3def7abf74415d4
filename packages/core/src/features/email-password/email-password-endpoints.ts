import { signInEmail } from './sign-in.ts';
import { signOut } from './sign-out.ts';
import { signUpEmail } from './sign-up.ts';

/** Sign-up, sign-in and sign-out with an email and a password. */
export const emailPasswordEndpoints = [signUpEmail, signInEmail, signOut] as const;
