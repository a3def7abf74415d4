import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The engine's modules depend on each other one way: a module never needs, while it loads, a
 * module that needs it back, and one feature folder never reaches into another. Type-only
 * imports are erased before anything runs, so only value imports count.
 */

const SOURCE_ROOT = dirname(new URL(import.meta.url).pathname);

/** Every source file of the engine (tests are not part of the engine). */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

interface Import {
  /** Relative to the source root, like the importing file's own key. */
  target: string;
  /**
   * Erased before the module runs. Under `verbatimModuleSyntax` an `import { type A }` still
   * loads its module, so only statements marked `import type` / `export type` as a whole are.
   */
  typeOnly: boolean;
}

/** A module's relative imports and re-exports. */
function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const imports: Import[] = [];
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!isImport && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    imports.push({
      target: relative(SOURCE_ROOT, resolve(dirname(file), specifier.text)),
      typeOnly: isImport ? statement.importClause?.isTypeOnly === true : statement.isTypeOnly,
    });
  }
  return imports;
}

const imports = new Map(
  sourceFiles(SOURCE_ROOT).map((file) => [relative(SOURCE_ROOT, file), importsOf(file)]),
);

/** Every module that can reach itself again, each cycle written out once as `a -> b -> a`. */
function findCycles(graph: Map<string, readonly string[]>): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): void => {
    const at = path.indexOf(file);
    if (at >= 0) {
      cycles.push([...path.slice(at), file].join(' -> '));
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return cycles;
}

/** `account` for `features/account/change-password.ts`; null outside a feature folder. */
function featureOf(file: string): string | null {
  const [top, folder, ...rest] = file.split('/');
  return top === 'features' && folder !== undefined && rest.length > 0 ? folder : null;
}

describe('import graph of packages/core/src', () => {
  it('has no runtime import cycle', () => {
    const runtime = new Map(
      [...imports].map(([file, list]) => [file, list.filter((i) => !i.typeOnly).map((i) => i.target)]),
    );
    expect(runtime.get('create-auth.ts'), 'the walk sees the engine').toContain('http/handler.ts');
    expect(findCycles(runtime)).toEqual([]);
  });

  it('lets no feature folder import from another feature folder, not even types', () => {
    const crossings: string[] = [];
    for (const [file, list] of imports) {
      const feature = featureOf(file);
      if (feature === null) continue;
      for (const { target } of list) {
        const other = featureOf(target);
        if (other !== null && other !== feature) crossings.push(`${file} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
