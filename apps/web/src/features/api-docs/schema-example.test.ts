import { describe, expect, it } from 'vitest';
import { exampleOf } from './schema-example.ts';

describe('an example from a JSON Schema', () => {
  it('fills an object from defaults, enums, formats and types', () => {
    expect(
      exampleOf({
        type: 'object',
        properties: {
          email: { type: 'string', format: 'email' },
          role: { type: 'string', enum: ['admin', 'user'] },
          rememberMe: { type: 'boolean', default: false },
          name: { type: 'string' },
          limit: { type: 'integer', minimum: 1 },
          tags: { type: 'array', items: { type: 'string' } },
          image: { anyOf: [{ type: 'null' }, { type: 'string', format: 'uri' }] },
        },
      }),
    ).toEqual({
      email: 'user@example.com',
      role: 'admin',
      rememberMe: false,
      name: 'string',
      limit: 1,
      tags: ['string'],
      image: 'https://example.com',
    });
  });

  it('guesses addresses and redirect targets from field names when no format is given', () => {
    expect(
      exampleOf({
        type: 'object',
        properties: {
          newEmail: { type: 'string' },
          callbackURL: { type: 'string' },
          name: { type: 'string' },
        },
      }),
    ).toEqual({ newEmail: 'user@example.com', callbackURL: '/', name: 'string' });
  });

  it('merges allOf parts and takes a const', () => {
    expect(
      exampleOf({ allOf: [{ properties: { a: { const: 1 } } }, { properties: { b: { type: 'null' } } }] }),
    ).toEqual({
      a: 1,
      b: null,
    });
  });

  it('stops on a schema nested too deep and leaves an empty schema open', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10; level++) deep = { type: 'array', items: deep };
    expect(JSON.stringify(exampleOf(deep))).toBe('[[[[[[[null]]]]]]]');
    expect(exampleOf({})).toEqual({});
    expect(exampleOf(undefined)).toBeNull();
  });
});
