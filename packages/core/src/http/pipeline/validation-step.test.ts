import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { validateBody, validateQuery } from './validation-step.ts';

const handler = async () => null;
const route = defineEndpoint({
  name: 'route',
  method: 'POST',
  path: '/route',
  requires: 'none',
  body: z.object({ name: z.string() }),
  query: z.object({ page: z.string().default('1') }),
  handler,
});

describe('the validation step', () => {
  it("applies the route's body schema: unknown keys dropped, bad input a 400 naming the body", () => {
    expect(validateBody(route, { name: 'a', extra: true })).toEqual({ name: 'a' });
    expect(() => validateBody(route, undefined)).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' }),
    );
  });

  it("passes a file route's bytes through, and gives a route without a schema no body", () => {
    const file = { bytes: new Uint8Array(1), mediaType: 'image/png' };
    const upload = defineEndpoint({
      ...route,
      body: undefined,
      rawBody: { maxBytes: 1, mediaTypes: ['image/png'] },
    });
    expect(validateBody(upload, file)).toBe(file);
    expect(validateBody({ ...route, body: undefined }, { name: 'a' })).toBeUndefined();
  });

  it('parses an empty query once per route and shares the frozen result', () => {
    const none = new URLSearchParams();
    const first = validateQuery(route, '', none);
    expect(first).toEqual({ page: '1' });
    expect(validateQuery(route, '', none)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(validateQuery(route, '?page=2', new URLSearchParams('?page=2'))).toEqual({ page: '2' });
  });
});
