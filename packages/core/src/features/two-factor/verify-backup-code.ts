import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userJson } from '../../http/response-schemas.ts';
import { userToJson } from '../../user/user.ts';
import { lockoutOf } from './lockout.ts';
import { openBackupCodes, sealBackupCodes, spendBackupCode } from './stored-secrets.ts';
import { findTwoFactor, swapBackupCodes } from './two-factor.repository.ts';
import type { ResolvedTwoFactor } from './two-factor-options.ts';
import { SECOND_FACTOR_CHECK } from './two-factor-refusals.ts';
import { verifyBackupCodeBody } from './two-factor-schemas.ts';
import { beginAttempt, passedAnswer, resolveSubject } from './verification-subject.ts';

/**
 * POST /two-factor/verify-backup-code (docs/protocol/two-factor.md#verify-backup-code). Each code works once.
 * The codes of an enrolment never confirmed with a first authenticator code do not work
 * (docs/protocol/two-factor.md#d15-backup-codes-need-a-confirmed-enrolment), unless two-factor is on through
 * emailed codes.
 */
export const verifyBackupCode = (config: ResolvedTwoFactor) =>
  defineEndpoint({
    name: 'verifyBackupCode',
    method: 'POST',
    path: '/two-factor/verify-backup-code',
    summary: 'Finish a sign-in with a backup code',
    description: 'Each code works once.',
    body: verifyBackupCodeBody,
    requires: 'none',
    // The session, or during a sign-in the challenge cookie.
    readsSession: 'optional',
    // With `disableSession` during a sign-in, no session and so no token.
    response: z.union([z.object({ token: z.string(), user: userJson }), z.object({ user: userJson })]),
    errors: [
      'BACKUP_CODES_NOT_ENABLED',
      'INVALID_BACKUP_CODE',
      'BACKUP_CODE_CONFLICT',
      ...SECOND_FACTOR_CHECK,
    ],
    auditRefusal: { type: 'user.two_factor_failed', metadata: { method: 'backup_code' } },
    async handler({ auth, request, body }) {
      const subject = await resolveSubject(auth, request, 'backup-code');
      request.outcome.about({ type: 'user', id: subject.user.id });
      const row = await findTwoFactor(auth.db, subject.user.id);
      if (!row) throw new AuthError('BACKUP_CODES_NOT_ENABLED');
      const lockout = lockoutOf(auth, config, subject.user.id, row);
      if (subject.mode === 'sign-in') await lockout.check();
      const attempt = await beginAttempt(auth, request, subject);

      const usable = row.verified || subject.user.additional.twoFactorEnabled === true;
      const codes = usable ? openBackupCodes(auth.options.secret, row.backupCodes) : null;
      const remaining = codes ? spendBackupCode(codes, body.code) : null;
      if (!remaining) {
        await attempt.failed();
        if (subject.mode === 'sign-in') await lockout.failed();
        throw new AuthError('INVALID_BACKUP_CODE');
      }
      const sealed = sealBackupCodes(auth.options.secret, remaining);
      if (!(await swapBackupCodes(auth.db, row.id, row.backupCodes, sealed))) {
        await attempt.restore();
        throw new AuthError('BACKUP_CODE_CONFLICT');
      }
      await lockout.succeeded();
      await auth.audit.record(request, {
        type: 'user.backup_code_used',
        actor: { type: 'user', id: subject.user.id, email: subject.user.email },
        target: { type: 'user', id: subject.user.id },
        metadata: { remaining: remaining.length },
      });

      if (body.disableSession) {
        const user = userToJson(subject.user, auth.options.additionalFields);
        return subject.mode === 'session' ? { token: subject.session.token, user } : { user };
      }
      return passedAnswer(auth, request, config, subject, body.trustDevice, 'backup_code');
    },
  });
