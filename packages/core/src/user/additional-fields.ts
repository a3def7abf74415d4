import { AuthError } from '../errors.ts';

export type FieldType = 'string' | 'number' | 'boolean' | 'date' | 'json' | 'string[]' | 'number[]';

/** An extra column on the user, declared by the operator (docs/protocol/core.md#additional-user-fields). */
export interface AdditionalField {
  type: FieldType;
  /** A missing value on sign-up is a 400 '{field} is required' (unless it has a default). */
  required?: boolean;
  defaultValue?: unknown | (() => unknown);
  /** false: the client may not set it; a submitted value is dropped and the default applies. */
  input?: boolean;
  /** false: never included in user objects sent to clients. */
  returned?: boolean;
}

export type AdditionalFields = Record<string, AdditionalField>;

/** Core user columns can never be written through the additional-field path. */
const CORE_FIELDS = new Set(['id', 'name', 'email', 'emailVerified', 'image', 'createdAt', 'updatedAt']);

/**
 * Picks the declared additional fields out of a request body, in declaration order, applying
 * the spec's rules. Returns database-ready values. `mode` is 'create' for sign-up (defaults and
 * required checks apply) and 'update' for update-user (only present keys count).
 */
export function parseAdditionalFields(
  fields: AdditionalFields,
  body: Record<string, unknown>,
  mode: 'create' | 'update',
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (CORE_FIELDS.has(name)) continue;
    const accepted = field.input !== false && body[name] !== undefined;
    if (accepted) {
      values[name] = toColumnValue(name, field.type, body[name]);
      continue;
    }
    if (mode === 'update') continue;
    if (field.defaultValue !== undefined) {
      const value = typeof field.defaultValue === 'function' ? field.defaultValue() : field.defaultValue;
      values[name] = toColumnValue(name, field.type, value);
    } else if (field.required) {
      throw new AuthError('MISSING_FIELD', { params: { field: name } });
    }
  }
  return values;
}

/** Database value -> JSON value for a user object. */
export function fromColumnValue(type: FieldType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'boolean':
      return value === true || value === 1;
    case 'date':
      return new Date(value as string).toISOString();
    case 'json':
    case 'string[]':
    case 'number[]':
      return typeof value === 'string' ? JSON.parse(value) : value;
    default:
      return value;
  }
}

function toColumnValue(name: string, type: FieldType, value: unknown): unknown {
  if (value === null) return null;
  const invalid = () =>
    new AuthError('VALIDATION_ERROR', {
      params: { where: 'body' },
      details: { issues: [{ path: name, message: `Expected ${type}`, kind: 'invalid_type' }] },
    });
  switch (type) {
    case 'string':
      if (typeof value !== 'string') throw invalid();
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid();
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid();
      return value ? 1 : 0;
    case 'date': {
      const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
      if (!date || Number.isNaN(date.getTime())) throw invalid();
      return date.toISOString();
    }
    case 'string[]':
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw invalid();
      return JSON.stringify(value);
    case 'number[]':
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'number')) throw invalid();
      return JSON.stringify(value);
    case 'json':
      return JSON.stringify(value);
  }
}

/** Column values (from `parseAdditionalFields`) -> the JSON values a user object carries. */
export function additionalFromColumns(
  fields: AdditionalFields,
  columns: Record<string, unknown>,
): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) json[name] = fromColumnValue(field.type, columns[name]);
  return json;
}
