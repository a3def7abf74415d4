import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { asRawBody } from '../../http/read-raw-body.ts';
import { validate } from '../../http/validate.ts';
import { IMPORT_FORMATS } from './import-summary.ts';
import { importUsers } from './run-import.ts';

/** The file's text may be 50 MiB (docs/protocol/import.md#8-admin-http-route-decision). */
export const MAX_IMPORT_CONTENT_BYTES = 50 * 1024 * 1024;
/** The body around it: JSON escaping may double the text, and the side files ride along. */
const MAX_IMPORT_BODY_BYTES = 2 * MAX_IMPORT_CONTENT_BYTES + 1024 * 1024;
const MAX_SIDE_FILE = 8 * 1024 * 1024;

const importBody = z.object({
  format: z.enum(IMPORT_FORMATS),
  // Its size is checked in bytes below, for the 413 the route promises.
  content: z.string(),
  dryRun: z.boolean().optional(),
  hashConfig: z
    .string()
    .max(64 * 1024)
    .optional(),
  passwords: z.string().max(MAX_SIDE_FILE).optional(),
  refuseWeak: z.boolean().optional(),
});

const problem = z.object({
  record: z.number().int().nullable(),
  line: z.number().int().nullable(),
  id: z.string().nullable(),
  email: z.string().nullable(),
  message: z.string(),
});

const summarySchema = z.object({
  ok: z.literal(true),
  dryRun: z.boolean(),
  from: z.enum(IMPORT_FORMATS),
  file: z.string(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  accounts: z.object({ credential: z.number().int(), social: z.number().int() }),
  hashes: z.record(z.string(), z.number().int()),
  organizations: z.object({ created: z.number().int(), members: z.number().int() }),
  warnings: z.array(problem),
  errors: z.array(problem),
  durationMs: z.number().int(),
});

/**
 * POST /admin/import-users: the CLI's import, run in the request, for an admin
 * (docs/protocol/import.md#8-admin-http-route-decision). The body is JSON read as bytes, so that
 * its limit can be the file's rather than the 64 KiB every other route has.
 */
export const adminImportUsers = defineEndpoint({
  name: 'adminImportUsers',
  method: 'POST',
  path: '/admin/import-users',
  summary: "Import users from another auth system's export",
  description:
    'Body: `{ format, content, dryRun?, hashConfig?, passwords?, refuseWeak? }` (JSON). Every record is checked ' +
    'first; a file with errors imports nothing and answers `IMPORT_INVALID` with every problem in `errors`.',
  rawBody: { maxBytes: MAX_IMPORT_BODY_BYTES, mediaTypes: ['application/json'] },
  requires: 'sensitive',
  response: summarySchema,
  // The body is read as bytes, so its JSON and schema refusals are this route's own.
  errors: ['YOU_ARE_NOT_ALLOWED_TO_IMPORT_USERS', 'IMPORT_INVALID', 'BAD_REQUEST', 'VALIDATION_ERROR'],
  async handler({ auth, request, body: raw, session: resolved }) {
    if (!auth.ports.adminRights?.(auth, resolved.user, { user: ['create'] }))
      throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_IMPORT_USERS');
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(asRawBody(raw).bytes).toString('utf8'));
    } catch {
      throw new AuthError('BAD_REQUEST');
    }
    const body = validate(importBody, parsed, 'body');
    if (Buffer.byteLength(body.content, 'utf8') > MAX_IMPORT_CONTENT_BYTES)
      throw new AuthError('PAYLOAD_TOO_LARGE');
    const summary = await importUsers(auth.database, {
      format: body.format,
      file: 'upload',
      content: body.content,
      hashConfig: body.hashConfig,
      passwords: body.passwords,
      dryRun: body.dryRun,
      refuseWeak: body.refuseWeak,
      now: auth.options.now,
    });
    if (!summary.ok)
      throw new AuthError('IMPORT_INVALID', {
        params: { count: String(new Set(summary.errors.map((error) => error.record)).size) },
        details: { errors: summary.errors },
      });
    // Counts only: never the file, its hashes or its addresses.
    await auth.audit.record(request, {
      type: 'admin.users_imported',
      actor: { type: 'admin' },
      metadata: {
        from: summary.from,
        dryRun: summary.dryRun,
        total: summary.total,
        created: summary.created,
        updated: summary.updated,
        unchanged: summary.unchanged,
        skipped: summary.skipped,
        organizationsCreated: summary.organizations.created,
        members: summary.organizations.members,
      },
    });
    return { ...summary, ok: true as const };
  },
});
