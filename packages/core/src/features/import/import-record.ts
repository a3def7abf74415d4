/**
 * What every source turns its export into (docs/protocol/import.md#32-validation-first-then-batches-decision):
 * one record per user as written in the file, not yet checked, plus the organizations it names.
 */

/** A role an imported membership can have (docs/protocol/import.md#6-organizations-and-memberships-decision). */
export type ImportedRole = 'owner' | 'admin' | 'member';

export interface ImportedMembership {
  /** The organization's `key` in the source's organization list. */
  organization: string;
  role: ImportedRole;
}

export interface ImportedAccount {
  /** Gatehouse's provider id (`github`, `google`, …), already mapped from the source's name. */
  providerId: string;
  accountId: string;
}

/** Where a record sits in the file, for every message about it. */
export interface RecordPlace {
  /** 1-based position of the record in the file. */
  record: number;
  /** The file line the record starts on, where the format has lines (NDJSON, CSV). */
  line: number | null;
  /** The source's own user id. Never used to match (docs/protocol/import.md#31-matching-decision). */
  id: string | null;
  /** The email as written, before normalisation. */
  email: string | null;
}

export interface ImportRecord extends RecordPlace {
  emailVerified: boolean;
  name: string | null;
  image: string | null;
  createdAt: Date | null;
  /** Blocked or disabled at the source; `until` for a ban that ends by itself (Supabase). */
  ban: { until: Date | null } | null;
  /** `hasher` when the source names the algorithm, else it is recognised from the value. */
  password: { value: string; hasher?: string } | null;
  accounts: ImportedAccount[];
  metadata: Record<string, unknown> | null;
  memberships: ImportedMembership[];
  /** What the source itself found wrong with a field (a bad cell, an unknown provider form). */
  problems: string[];
  /** Why the record is deliberately not imported (a deleted user, no email): a warning, not an error. */
  skip: string | null;
}

export interface ImportedOrganization {
  /** The source's handle for it, which memberships name. */
  key: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: Date | null;
}

/** A message about the file, or about one record of it (docs/protocol/import.md#2-the-summary-decision). */
export interface ImportProblem {
  record: number | null;
  line: number | null;
  id: string | null;
  email: string | null;
  message: string;
}

/** A record the source could not read at all (a line that is not JSON, a malformed CSV row). */
export interface UnreadableRecord extends RecordPlace {
  unreadable: string;
}

/** What a source read from the file. */
export interface SourceResult {
  records: (ImportRecord | UnreadableRecord)[];
  organizations: ImportedOrganization[];
  /** Problems with the file as a whole, or with references between its parts. */
  errors: ImportProblem[];
  warnings: ImportProblem[];
}

/** The problem of the file as a whole, not of one record. */
export const fileProblem = (message: string): ImportProblem => ({
  record: null,
  line: null,
  id: null,
  email: null,
  message,
});

/** A problem of one record, named by its place. */
export const recordProblem = (place: RecordPlace, message: string): ImportProblem => ({
  record: place.record,
  line: place.line,
  id: place.id,
  email: place.email,
  message,
});

/** A record with nothing but its place filled in, for a source to complete. */
export const emptyRecord = (place: RecordPlace): ImportRecord => ({
  ...place,
  emailVerified: false,
  name: null,
  image: null,
  createdAt: null,
  ban: null,
  password: null,
  accounts: [],
  metadata: null,
  memberships: [],
  problems: [],
  skip: null,
});
