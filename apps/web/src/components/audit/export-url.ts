import type { SecurityEventFilters } from '@gatehouse/client';

// The client's base path (packages/client create-client.ts): downloads are plain links so the
// browser saves the file itself, with the session cookie of this same origin.
const API_BASE = '/api/auth';

/** The download address of `route` with the filters in the table and `format`. */
export function exportUrl(route: string, filters: SecurityEventFilters, format: 'csv' | 'ndjson'): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && key !== 'cursor' && key !== 'limit') query.set(key, String(value));
  }
  query.set('format', format);
  return `${API_BASE}${route}?${query}`;
}

/**
 * The filter form's fields as the route's query: empty fields left out, dates widened to the
 * whole day in UTC (`from`/`to` are inclusive, docs/security-activity.md#routes-and-filters).
 */
export function filtersFromForm(form: FormData): SecurityEventFilters {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const outcome = text('outcome');
  const from = text('from');
  const to = text('to');
  const filters: SecurityEventFilters = {};
  const type = text('type');
  if (type) filters.type = type;
  if (outcome === 'success' || outcome === 'failure') filters.outcome = outcome;
  if (from) filters.from = `${from}T00:00:00.000Z`;
  if (to) filters.to = `${to}T23:59:59.999Z`;
  return filters;
}
