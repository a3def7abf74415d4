import type { SourceResult } from '../import-record.ts';
import type { ImportFormat } from '../import-summary.ts';
import { readAuth0 } from './auth0-source.ts';
import { readClerk } from './clerk-source.ts';
import { readGenericCsv } from './csv-source.ts';
import { readFirebase } from './firebase-source.ts';
import { type KeycloakFile, readKeycloak } from './keycloak-source.ts';
import { readSupabase } from './supabase-source.ts';

/** What a source reads: the export's text, and the side files some sources take. */
export interface SourceInput {
  content: string;
  /** Firebase's project hash parameters (`--hash-config`). */
  hashConfig?: string;
  /** Auth0's password-hash export (`--passwords`). */
  passwords?: string;
  /** Keycloak: the files of a directory export, read instead of `content`. */
  files?: KeycloakFile[];
}

/** Each format's reader (docs/protocol/import.md#5-sources). */
const SOURCES: Record<ImportFormat, (input: SourceInput, now: number) => SourceResult> = {
  csv: (input) => readGenericCsv(input.content),
  clerk: (input) => readClerk(input.content),
  auth0: (input) => readAuth0(input.content, input.passwords),
  supabase: (input, now) => readSupabase(input.content, now),
  firebase: (input) => readFirebase(input.content, input.hashConfig),
  keycloak: (input) => readKeycloak(input.files ?? [{ name: 'export', content: input.content }]),
};

export const readSource = (format: ImportFormat, input: SourceInput, now: number): SourceResult =>
  SOURCES[format](input, now);
