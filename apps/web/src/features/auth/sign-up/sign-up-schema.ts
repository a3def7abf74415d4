import { z } from 'zod';
import { emailSchema, passwordPairSchema } from '../shared/auth-schemas.ts';

export const signUpSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter your name.').max(256, 'Use at most 256 characters.'),
    email: emailSchema,
  })
  .and(passwordPairSchema);

export type SignUpValues = z.output<typeof signUpSchema>;
