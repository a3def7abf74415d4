import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { reissueSessionCookies } from '../../session/session-cookies.ts';
import { parseAdditionalFields } from '../../user/additional-fields.ts';
import { updateUserRow } from '../../user/update-user-row.ts';
import { imageSchema, nameSchema } from '../../user/user-limits.ts';

// Loose: declared additional fields travel beside name and image. `email` is named only to refuse it.
const updateUserBody = z.looseObject({
  name: nameSchema.optional(),
  image: imageSchema.nullable().optional(),
  email: z.unknown().optional(),
});

/**
 * Changes the caller's profile; the client refetches the session afterwards
 * (docs/protocol/core.md#update-user).
 */
export const updateUser = defineEndpoint({
  name: 'updateUser',
  method: 'POST',
  path: '/update-user',
  summary: "Change the caller's profile (name, image, additional fields)",
  description: 'The email address changes through change-email only.',
  body: updateUserBody,
  requires: 'session',
  response: statusJson,
  errors: ['EMAIL_CAN_NOT_BE_UPDATED', 'NO_FIELDS_TO_UPDATE', 'USER_NOT_FOUND'],
  async handler({ auth, request, body, session: resolved }) {
    if (body.email) throw new AuthError('EMAIL_CAN_NOT_BE_UPDATED');
    const parsed = parseAdditionalFields(auth.options.additionalFields, body, 'update');
    const change = { mode: 'update', userId: resolved.user.id } as const;
    const additional = (await auth.ports.userFieldChecks?.check(auth, parsed, change)) ?? parsed;
    if (body.name === undefined && body.image === undefined && Object.keys(additional).length === 0) {
      throw new AuthError('NO_FIELDS_TO_UPDATE');
    }
    const user = await updateUserRow(auth, resolved.user, { name: body.name, image: body.image, additional });
    reissueSessionCookies(auth, request, resolved.session, user);
    const fields = [
      ...(body.name !== undefined ? ['name'] : []),
      ...(body.image !== undefined ? ['image'] : []),
      ...Object.keys(additional),
    ];
    await auth.audit.record(request, {
      type: 'user.profile_updated',
      target: { type: 'user', id: user.id },
      metadata: { fields },
    });
    return { status: true };
  },
});
