import { z } from 'zod';
import { emailSchema } from '../shared/auth-schemas.ts';

/** Only what can be checked without the account: length rules belong to choosing a password. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password.'),
  rememberMe: z.boolean(),
});

export type SignInValues = z.output<typeof signInSchema>;
