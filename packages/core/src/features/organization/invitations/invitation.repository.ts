import type { Executor } from '../../../db/executor.ts';
import { hotRead, type ReadOn } from '../../../db/hot-read.ts';
import { rowLimit } from '../../../db/row-limit.ts';

/** Invitations (docs/protocol/organization.md#tables): status pending → accepted | rejected | canceled. */
export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitationById>>>;
export type NewInvitationRow = {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  teamId: string | null;
  status: string;
  expiresAt: string;
  createdAt: string;
  inviterId: string;
};

export function findInvitationById(db: Executor, id: string) {
  return db.selectFrom('invitation').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Pending invitations of an organization for an address that have not expired, oldest first. */
export function findPendingInvitations(db: Executor, organizationId: string, email: string, now: string) {
  return db
    .selectFrom('invitation')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .where('expiresAt', '>', now)
    .orderBy('createdAt')
    .execute();
}

export async function countPendingInvitations(
  db: Executor,
  organizationId: string,
  now: string,
): Promise<number> {
  const row = await db
    .selectFrom('invitation')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'pending')
    .where('expiresAt', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertInvitation(db: Executor, row: NewInvitationRow) {
  return db.insertInto('invitation').values(row).execute();
}

export function deleteInvitation(db: Executor, id: string) {
  return db.deleteFrom('invitation').where('id', '=', id).execute();
}

// get-full-organization's: batched per turn on PostgreSQL.
const invitationsOf = hotRead((db, v: { organizationId: string }) =>
  db
    .selectFrom('invitation')
    .selectAll()
    .where('organizationId', '=', v.organizationId)
    .orderBy('createdAt')
    .limit(rowLimit(100)),
).batchedBy({ organizationId: 'organizationId' });

/** An organization's first 100 invitations, oldest first. */
export function listInvitationsOfOrganization(on: ReadOn, organizationId: string) {
  return invitationsOf.all(on, { organizationId });
}

/** Pending invitations (expired ones included) for an address, with the organization's name. */
export function listPendingInvitationsForEmail(db: Executor, email: string) {
  return db
    .selectFrom('invitation')
    .innerJoin('organization', 'organization.id', 'invitation.organizationId')
    .selectAll('invitation')
    .select('organization.name as organizationName')
    .where('invitation.email', '=', email)
    .where('invitation.status', '=', 'pending')
    .orderBy('invitation.createdAt')
    .execute();
}

export function setInvitationStatus(db: Executor, id: string, status: string) {
  return db.updateTable('invitation').set({ status }).where('id', '=', id).execute();
}

/** Moves pending → a new status only if still pending; false when another request won the race. */
export async function transitionPending(db: Executor, id: string, status: string): Promise<boolean> {
  const result = await db
    .updateTable('invitation')
    .set({ status })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function setInvitationExpiry(db: Executor, id: string, expiresAt: string) {
  return db.updateTable('invitation').set({ expiresAt }).where('id', '=', id).execute();
}
