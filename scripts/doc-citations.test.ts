import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  citationProblems,
  headingSlug,
  markdownAnchors,
  repositoryCitationProblems,
} from './doc-citations.ts';

const REPOSITORY = resolve(import.meta.dirname, '..');

/** A throwaway repository holding one protocol note, for checking the checker. */
function fixture(): string {
  const root = mkdtempSync(join(tmpdir(), 'doc-citations-'));
  mkdirSync(join(root, 'docs', 'protocol'), { recursive: true });
  writeFileSync(
    join(root, 'docs', 'protocol', 'core.md'),
    '# Core\n\n## Request pipeline\n\n## Sign-in form CSRF\n',
  );
  writeFileSync(join(root, 'docs', 'api.md'), '# HTTP API\n\n## Bad input\n');
  writeFileSync(join(root, 'CONTRIBUTING.md'), '# Contributing\n');
  return root;
}

describe('protocol citations', () => {
  it('every comment and README of the repository cites notes and headings that exist, and nothing outside it', () => {
    const problems = repositoryCitationProblems(REPOSITORY).map((p) => `${p.file}:${p.line} ${p.problem}`);
    expect(problems).toEqual([]);
  });

  it('anchors are GitHub heading slugs', () => {
    expect(headingSlug('Sign-in form CSRF')).toBe('sign-in-form-csrf');
    expect(headingSlug('D9 A user-verifying passkey is both factors')).toBe(
      'd9-a-user-verifying-passkey-is-both-factors',
    );
    expect(headingSlug('Ids, tokens and emails')).toBe('ids-tokens-and-emails');
    expect([...markdownAnchors('# A\n## Limits\n## Limits\n```\n# not a heading\n```\n')]).toEqual([
      'a',
      'limits',
      'limits-1',
    ]);
  });

  it('refuses a section sign of a document outside the repository, and keeps standards', () => {
    const root = fixture();
    const refused = citationProblems(root, 'a.ts', '/** The pipeline (pipeline notes §1.3). */');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.problem).toMatch(/§1\.3/);
    expect(citationProblems(root, 'a.ts', '// OAuth error codes (RFC 6749 §4.1.2.1).')).toEqual([]);
    expect(citationProblems(root, 'a.ts', '// Width and height (RFC 9649 §2.7, §3.2).')).toEqual([]);
    expect(citationProblems(root, 'a.ts', '// (RFC 9649 §2.7, see also §3.2).')).toHaveLength(1);
  });

  it('refuses documents kept outside the repository', () => {
    const root = fixture();
    for (const text of [
      '// see ../shared/docs/contract/core.md',
      '// the roles of spec section 6',
      '// (contract organization-admin §1.4)',
      '# Notes\nRead `docs/contract/core.md` first.',
      "it('answers with the contract's 404')",
      '// the contract order of the attributes',
      '/** The fault suite (issue 12): PostgreSQL cut under load. */',
      '// (issue 12, defect 3)',
      "/** Issue 14's tables in Chromium. */",
      'Gatehouse only (issues #7 and #8).',
    ]) {
      expect(citationProblems(root, 'x.ts', text).length, text).toBeGreaterThan(0);
    }
  });

  it('keeps words that only look like those citations', () => {
    const root = fixture();
    for (const text of [
      '// Better Auth #5099 asks for this upstream.',
      '// see https://github.com/better-auth/better-auth/issues/5099',
      '// the contractor pattern; an issue of timing',
      '// no issue here: 12 users',
    ])
      expect(citationProblems(root, 'x.ts', text), text).toEqual([]);
  });

  it('checks that a cited note and heading exist', () => {
    const root = fixture();
    expect(citationProblems(root, 'a.ts', '// (docs/protocol/core.md#request-pipeline)')).toEqual([]);
    expect(citationProblems(root, 'a.ts', '// (docs/protocol/core.md)')).toEqual([]);
    const missingHeading = citationProblems(root, 'a.ts', '// (docs/protocol/core.md#request-bodies)');
    expect(missingHeading.map((p) => p.problem)).toEqual([
      'links docs/protocol/core.md#request-bodies: docs/protocol/core.md has no heading #request-bodies',
    ]);
    const missingNote = citationProblems(root, 'a.ts', '// (docs/protocol/cores.md#request-pipeline)');
    expect(missingNote.map((p) => p.problem)).toEqual([
      'links docs/protocol/cores.md#request-pipeline, which does not exist',
    ]);
  });

  it('checks that a cited guide and heading exist, and leaves folders that only end in docs alone', () => {
    const root = fixture();
    expect(citationProblems(root, 'a.ts', '// (docs/api.md#bad-input)')).toEqual([]);
    expect(citationProblems(root, 'a.ts', '// (docs/api.md#outages)').map((p) => p.problem)).toEqual([
      'links docs/api.md#outages: docs/api.md has no heading #outages',
    ]);
    expect(citationProblems(root, 'a.ts', '// (docs/operations.md)').map((p) => p.problem)).toEqual([
      'links docs/operations.md, which does not exist',
    ]);
    expect(citationProblems(root, 'a.ts', '// features/api-docs/README.md')).toEqual([]);
  });

  it('checks every relative Markdown link, not only those into the protocol notes', () => {
    const root = fixture();
    expect(citationProblems(root, 'README.md', '[API](docs/api.md#bad-input), [c](CONTRIBUTING.md)')).toEqual(
      [],
    );
    expect(citationProblems(root, 'README.md', '[docs](docs/), [https](https://example.com/x.md)')).toEqual(
      [],
    );
    expect(citationProblems(root, 'README.md', '[ops](docs/operations.md)').map((p) => p.problem)).toEqual([
      'links docs/operations.md, which does not exist',
    ]);
    expect(citationProblems(root, 'docs/api.md', 'See [the README](../README.md).')).toHaveLength(1);
    expect(citationProblems(root, 'docs/api.md', '[outages](#outages)').map((p) => p.problem)).toEqual([
      'links #outages: docs/api.md has no heading #outages',
    ]);
  });

  it('resolves Markdown links relative to the file that holds them', () => {
    const root = fixture();
    const readme = 'packages/core/README.md';
    expect(citationProblems(root, readme, '[csrf](../../docs/protocol/core.md#sign-in-form-csrf)')).toEqual(
      [],
    );
    // One level short: packages/docs/protocol/core.md, which does not exist.
    expect(citationProblems(root, readme, '[csrf](../docs/protocol/core.md#sign-in-form-csrf)')).toHaveLength(
      1,
    );
    expect(citationProblems(root, readme, '[csrf](../../docs/protocol/core.md#csrf)')).toHaveLength(1);
    expect(citationProblems(root, 'docs/protocol/core.md', 'See [the pipeline](#request-pipeline).')).toEqual(
      [],
    );
    expect(citationProblems(root, 'docs/protocol/core.md', 'See [bodies](#request-bodies).')).toHaveLength(1);
  });
});
