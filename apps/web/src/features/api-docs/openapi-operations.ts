/** The parts of the engine's OpenAPI 3.1 document (`GET /api/auth/openapi.json`) the page reads. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  minimum?: number;
  $ref?: string;
};

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface MediaContent {
  schema?: JsonSchema;
}

interface Answer {
  description?: string;
  content?: Record<string, MediaContent>;
}

interface RawOperation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaContent> };
  responses?: Record<string, Answer>;
  security?: Record<string, unknown>[];
}

export interface OpenApiDocument {
  info?: { title?: string; description?: string };
  servers?: { url: string }[];
  /** The features, in the engine's order, each described once. */
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, RawOperation>>;
}

/** One feature's operations, as the page shows them under one heading. */
export interface OperationGroup {
  name: string;
  description?: string;
  /** The heading's element id, for the contents' links: `group-email-and-password`. */
  anchor: string;
  operations: Operation[];
}

export interface Refusal {
  status: string;
  codes: string[];
  description: string;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  group: string;
  summary?: string;
  description?: string;
  parameters: Parameter[];
  requestSchema?: JsonSchema;
  responseSchema?: JsonSchema;
  /** Whether the route looks a session up; `optional` ones answer without one too. */
  session: 'none' | 'required' | 'optional';
  refusals: Refusal[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, in its order, in the group of its tag (else its first path segment). */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const raw = item[method];
      if (raw) operations.push(operationOf(path, method, raw));
    }
  }
  return operations;
}

function operationOf(path: string, method: string, raw: RawOperation): Operation {
  const responses = raw.responses ?? {};
  const refusals = Object.entries(responses)
    .filter(([status]) => Number(status) >= 400)
    .map(([status, answer]) => ({
      status,
      codes: codesOf(answer),
      description: answer.description ?? '',
    }));
  return {
    id: raw.operationId ?? `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    group: raw.tags?.[0] ?? path.split('/').filter(Boolean)[0] ?? '',
    summary: raw.summary,
    description: raw.description,
    parameters: raw.parameters ?? [],
    requestSchema: raw.requestBody?.content?.['application/json']?.schema,
    responseSchema: responses['200']?.content?.['application/json']?.schema,
    session: sessionOf(raw.security),
    refusals,
  };
}

function sessionOf(security: RawOperation['security']): Operation['session'] {
  if (!security || security.length === 0) return 'none';
  return security.some((requirement) => Object.keys(requirement).length === 0) ? 'optional' : 'required';
}

/** The codes a refusal names: `allOf[…].properties.code.enum` in the engine's documents. */
function codesOf(answer: Answer): string[] {
  const schema = answer.content?.['application/json']?.schema;
  const parts = schema?.allOf ?? (schema ? [schema] : []);
  return parts.flatMap((part) => {
    const values = part.properties?.code?.enum;
    return Array.isArray(values) ? values.map(String) : [];
  });
}

/** Operations whose path, method, id, group, summary or error codes contain every word typed. */
export function matchOperations(operations: Operation[], search: string): Operation[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return operations;
  return operations.filter((operation) => {
    const text = [
      operation.method,
      operation.path,
      operation.id,
      operation.group,
      operation.summary,
      operation.description,
      ...operation.refusals.flatMap((refusal) => refusal.codes),
    ]
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * Operations by feature: the document's tags in its order, with their descriptions, then any
 * group no tag describes, in the order it first appears. Groups without operations are left out.
 */
export function groupOperations(
  operations: Operation[],
  tags: OpenApiDocument['tags'] = [],
): OperationGroup[] {
  const groups = new Map<string, OperationGroup>();
  const groupOf = (name: string, description?: string) => {
    let group = groups.get(name);
    if (!group) {
      group = { name, description, anchor: anchorOf(name), operations: [] };
      groups.set(name, group);
    }
    return group;
  };
  for (const tag of tags) groupOf(tag.name, tag.description);
  for (const operation of operations) groupOf(operation.group).operations.push(operation);
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

/** `Email and password` → `group-email-and-password`: an id without spaces. */
const anchorOf = (name: string) =>
  `group-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/** "Try it" sends only calls that need nothing typed: no path parameter, no required query. */
export const canTry = (operation: Operation): boolean =>
  !operation.parameters.some((parameter) => parameter.in === 'path' || parameter.required);
