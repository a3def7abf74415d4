import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A feature folder imports no other feature folder (tests and their helpers included): what two
 * areas share lives in components/, lib/, testing/ or app/, and the app's router and layout are
 * where areas meet (a page that shows another area's piece takes it as a prop or a slot).
 */
const FEATURES = import.meta.dirname;

/** The module names a file imports: `from '…'`, `import '…'`, `import('…')`, `vi.mock('…')`. */
function importedNames(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*)(['"])([^'"\n]+)\1/g;
  return [...source.matchAll(pattern)].map((match) => match[2] as string);
}

/** The imports of `file` (inside the feature folder `feature`) that land in another feature folder. */
function crossFeatureImports(file: string, source: string): string[] {
  const feature = relative(FEATURES, file).split(sep)[0];
  return importedNames(source).filter((name) => {
    if (!name.startsWith('.')) return false;
    const target = relative(FEATURES, resolve(dirname(file), name));
    if (target.startsWith('..')) return false;
    return target.split(sep)[0] !== feature;
  });
}

function featureFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return featureFiles(path);
    return /\.tsx?$/.test(entry.name) && directory !== FEATURES ? [path] : [];
  });
}

describe('feature folders', () => {
  it('import nothing from one another', () => {
    const crossings = featureFiles(FEATURES).flatMap((file) =>
      crossFeatureImports(file, readFileSync(file, 'utf8')).map(
        (name) => `${relative(FEATURES, file)} imports ${name}`,
      ),
    );
    expect(crossings).toEqual([]);
  });

  it('the check sees an import into another feature, by any route there', () => {
    const file = join(FEATURES, 'account', 'security', 'security-page.tsx');
    const source = [
      "import { A } from '../../organization/two-factor-policy/requirement-notice.tsx';",
      "import { B } from '../../../features/audit/events-table.tsx';",
      "import type { C } from '../../reauth/reauth-dialog.tsx';",
      "vi.mock('../../auth/routes.tsx');",
      "const D = await import('../../admin/routes.tsx');",
      "import { E } from '../profile/profile-page.tsx';",
      "import { F } from '../../../components/ui/card.tsx';",
      "import { G } from 'react-router';",
    ].join('\n');
    expect(crossFeatureImports(file, source)).toEqual([
      '../../organization/two-factor-policy/requirement-notice.tsx',
      '../../../features/audit/events-table.tsx',
      '../../reauth/reauth-dialog.tsx',
      '../../auth/routes.tsx',
      '../../admin/routes.tsx',
    ]);
    const routes = join(FEATURES, 'auth', 'routes.tsx');
    expect(crossFeatureImports(routes, "import { X } from '../dev-mail/dev-mail-page.tsx';")).toEqual([
      '../dev-mail/dev-mail-page.tsx',
    ]);
  });
});
