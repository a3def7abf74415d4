import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { confirmPassword } from './confirm-password.ts';
import { newBackupCodes, sealBackupCodes } from './stored-secrets.ts';
import { findTwoFactor, setBackupCodes } from './two-factor.repository.ts';
import { PASSWORD_CONFIRMATION, PASSWORD_REFUSED } from './two-factor-refusals.ts';
import { passwordBody } from './two-factor-schemas.ts';

/**
 * POST /two-factor/generate-backup-codes (docs/protocol/two-factor.md#generate-backup-codes): a new set
 * replaces every old code.
 */
export const generateBackupCodes = defineEndpoint({
  name: 'generateBackupCodes',
  method: 'POST',
  path: '/two-factor/generate-backup-codes',
  summary: 'Make a new set of backup codes',
  description: 'Every old code stops working. Needs the password (a user without one: a recent sign-in).',
  body: passwordBody,
  requires: 'sensitive',
  response: z.object({ status: z.literal(true), backupCodes: z.array(z.string()) }),
  errors: ['TWO_FACTOR_NOT_ENABLED', ...PASSWORD_CONFIRMATION],
  auditRefusal: { type: 'user.backup_codes_generated', codes: PASSWORD_REFUSED },
  async handler({ auth, request, body, session }) {
    if (session.user.additional.twoFactorEnabled !== true) throw new AuthError('TWO_FACTOR_NOT_ENABLED');
    await confirmPassword(auth, session, body.password);
    const row = await findTwoFactor(auth.db, session.user.id);
    if (!row) throw new AuthError('TWO_FACTOR_NOT_ENABLED');
    const backupCodes = newBackupCodes();
    await setBackupCodes(auth.db, row.id, sealBackupCodes(auth.options.secret, backupCodes));
    await auth.audit.record(request, {
      type: 'user.backup_codes_generated',
      target: { type: 'user', id: session.user.id },
      metadata: { count: backupCodes.length },
    });
    return { status: true, backupCodes };
  },
});
