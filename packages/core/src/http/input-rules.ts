import { hasControlCharacter } from './control-characters.ts';
import { CONTROL_CHARACTER_MESSAGE } from './one-line.ts';

/**
 * No request needs deeper nesting than this (organization metadata is the deepest legitimate
 * input); deeper input would only give recursive code (JSON.stringify, schemas) a stack to overflow.
 */
export const MAX_INPUT_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `Nested more than ${MAX_INPUT_DEPTH} levels deep`;

export interface InputProblem {
  path: (string | number)[];
  message: string;
  kind: 'control_character' | 'too_deep';
}

interface Visit {
  value: unknown;
  key: string | number | undefined;
  parent: Visit | undefined;
  depth: number;
}

/**
 * The first rule every request input breaks, whatever its schema: a string or object key holding
 * a control character other than tab, LF and CR (`control-characters.ts`), or nesting deeper than
 * MAX_INPUT_DEPTH. Null when there is none. Iterative, and each visit remembers only its parent, so
 * input as deep as a 64 KiB body allows costs neither stack nor quadratic time.
 */
export function findInputProblem(input: unknown): InputProblem | null {
  const stack: Visit[] = [{ value: input, key: undefined, parent: undefined, depth: 0 }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value, depth } = visit;
    if (typeof value === 'string') {
      if (hasControlCharacter(value, true))
        return { path: pathOf(visit), message: CONTROL_CHARACTER_MESSAGE, kind: 'control_character' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { path: pathOf(visit), message: TOO_DEEP_MESSAGE, kind: 'too_deep' };
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((element, index) => [index, element])
      : Object.entries(value);
    for (const [key, element] of entries) {
      if (typeof key === 'string' && hasControlCharacter(key, true)) {
        return { path: pathOf(visit), message: CONTROL_CHARACTER_MESSAGE, kind: 'control_character' };
      }
      stack.push({ value: element, key, parent: visit, depth: depth + 1 });
    }
  }
  return null;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}
