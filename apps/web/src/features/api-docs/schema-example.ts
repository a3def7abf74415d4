import type { JsonSchema } from './openapi-operations.ts';

const FORMATS: Record<string, string> = {
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  'date-time': '2026-01-01T00:00:00.000Z',
  date: '2026-01-01',
  uuid: '00000000-0000-4000-8000-000000000000',
};

/**
 * A small value a schema allows, to show as an example: its default or const, the first enum
 * value, a sample for known formats (or field names, as many fields carry no format), else a
 * plain value of its type. Deep or cyclic schemas stop
 * at a few levels, which is enough to show a body's shape.
 */
export function exampleOf(schema: JsonSchema | undefined, depth = 0, name = ''): unknown {
  if (!schema || depth > 6) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return exampleOf(choice.find((option) => option.type !== 'null') ?? choice[0], depth + 1, name);
  if (schema.allOf) return mergeExamples(schema.allOf.map((part) => exampleOf(part, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          exampleOf(property, depth + 1, key),
        ]),
      );
    case 'array':
      return schema.items ? [exampleOf(schema.items, depth + 1)] : [];
    case 'string':
      return (schema.format && FORMATS[schema.format]) || stringNamed(name);
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

function mergeExamples(parts: unknown[]): unknown {
  const objects = parts.filter((part) => typeof part === 'object' && part !== null && !Array.isArray(part));
  return objects.length === parts.length ? Object.assign({}, ...objects) : parts[0];
}

/** Most routes check addresses and URLs with their own rules, so the schema names no format. */
function stringNamed(name: string): string {
  if (/email$/i.test(name)) return 'user@example.com';
  // Redirect targets must be on the product's own origin: a path always is.
  if (/url$/i.test(name)) return '/';
  return 'string';
}
