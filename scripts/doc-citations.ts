import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Checks that the repository stands on its own: comments and READMEs cite the protocol notes in
 * docs/protocol/ and the guides in docs/ (by file and heading), never sections of documents kept
 * outside the repository, and every relative Markdown link leads to a file (and heading) that
 * exists. Used by doc-citations.test.ts; see CONTRIBUTING.md, "Citing the protocol".
 */

export interface CitationProblem {
  file: string;
  line: number;
  problem: string;
}

/** Folders whose files may carry citations; generated and installed files are skipped. */
const SCANNED_ROOTS = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'results', 'coverage']);
const SCANNED_EXTENSIONS = /\.(ts|tsx|mjs|js|md)$/;
/** The checker and its test name the forbidden forms on purpose. */
const SELF = new Set([join('scripts', 'doc-citations.ts'), join('scripts', 'doc-citations.test.ts')]);

/** A "§" may follow a published standard only: RFC 6749 §4.1, PNG spec §11.2.2, ISO 8601 §5. */
const STANDARD_BEFORE_SECTION =
  /(\bRFC ?\d+|\bPNG spec|\bISO ?\d+(-\d+)?|\bFIPS ?\d+(-\d+)?|\bSP ?800-\d+\w?) $/;
/** "RFC 9649 §2.7, §3.2": a further section of the standard just named. */
const LIST_CONTINUATION = /§[\d.]+(, | and | or |–)$/;

/**
 * Documents kept outside the repository that citations used to point at: the shared folder, the
 * spec, the "contract" (under any name: the protocol notes in docs/protocol/ replace it), and the
 * issue tracker by number ("issue 12", "Issue 14's"), which is not in the repository either.
 */
const OUTSIDE_DOCUMENTS =
  /\bshared\/(docs|spec)\/|\/work\/shared\b|\bSPEC\.md\b|\bspec section \d|\bcontracts?\b|\bissues? #?\d+/i;

/**
 * A citation of a protocol note or a guide in source text: docs/protocol/<file>.md or
 * docs/<guide>.md, with an optional #anchor (not the tail of another folder's name, as api-docs/).
 */
const SOURCE_CITATION = /(?<![\w/-])docs\/((?:protocol\/)?[A-Za-z0-9._-]+\.md)(#[A-Za-z0-9_-]+)?/g;

/** A Markdown link target: [text](target). */
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown document offers, with GitHub's -1, -2 suffixes for repeated headings. */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1] ?? '');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Reads a Markdown file's anchors once per run; any other file or folder that exists has none. */
function anchorReader(): (file: string) => Set<string> | undefined {
  const cache = new Map<string, Set<string> | undefined>();
  return (file) => {
    if (!cache.has(file)) {
      const anchors = !existsSync(file)
        ? undefined
        : file.endsWith('.md')
          ? markdownAnchors(readFileSync(file, 'utf8'))
          : new Set<string>();
      cache.set(file, anchors);
    }
    return cache.get(file);
  };
}

/** A "§" that follows neither a standard's name nor an allowed "§" of the same list. */
function sectionSignsProblem(line: string): string | undefined {
  let previousAllowed = false;
  for (let at = line.indexOf('§'); at !== -1; at = line.indexOf('§', at + 1)) {
    const before = line.slice(0, at);
    const allowed =
      STANDARD_BEFORE_SECTION.test(before) || (previousAllowed && LIST_CONTINUATION.test(before));
    if (!allowed) {
      return `cites "${line.slice(at, at + 12).trim()}" of a document outside the repository; cite docs/protocol/<note>.md#<heading>`;
    }
    previousAllowed = true;
  }
  return undefined;
}

/** The problems of one file's text; `file` is relative to `root`. */
export function citationProblems(root: string, file: string, text: string): CitationProblem[] {
  const problems: CitationProblem[] = [];
  const anchorsOf = anchorReader();
  const isMarkdown = file.endsWith('.md');
  const checkTarget = (lineNumber: number, target: string, shown: string): void => {
    const [path = '', anchor] = target.split('#');
    const note = resolve(root, path);
    const anchors = anchorsOf(note);
    if (!anchors) {
      problems.push({ file, line: lineNumber, problem: `links ${shown}, which does not exist` });
    } else if (anchor !== undefined && !anchors.has(anchor)) {
      problems.push({
        file,
        line: lineNumber,
        problem: `links ${shown}: ${relative(root, note)} has no heading #${anchor}`,
      });
    }
  };
  text.split('\n').forEach((line, index) => {
    const lineNumber = index + 1;
    if (line.includes('§')) {
      const problem = sectionSignsProblem(line);
      if (problem) problems.push({ file, line: lineNumber, problem });
    }
    const outside = OUTSIDE_DOCUMENTS.exec(line);
    if (outside) {
      problems.push({
        file,
        line: lineNumber,
        problem: `cites "${outside[0]}", which is not in the repository: cite docs/protocol/<note>.md#<heading>, or say the thing itself`,
      });
    }
    if (isMarkdown) {
      for (const match of line.matchAll(MARKDOWN_LINK)) {
        const target = match[1] ?? '';
        if (/^[a-z]+:/i.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const linked = relative(root, path === '' ? join(root, file) : resolve(root, dirname(file), path));
        checkTarget(lineNumber, linked + (anchor === undefined ? '' : `#${anchor}`), target);
      }
    } else {
      for (const match of line.matchAll(SOURCE_CITATION)) {
        checkTarget(lineNumber, `docs/${match[1]}${match[2] ?? ''}`, match[0]);
      }
    }
  });
  return problems;
}

/** Files under the scanned roots, relative to `root`. */
export function scannedFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(path);
      } else if (SCANNED_EXTENSIONS.test(entry.name) && !SELF.has(path)) {
        files.push(path);
      }
    }
  };
  for (const dir of SCANNED_ROOTS) if (existsSync(join(root, dir))) walk(dir);
  for (const entry of readdirSync(root)) if (entry.endsWith('.md')) files.push(entry);
  return files;
}

/** Every problem in the repository at `root`. */
export function repositoryCitationProblems(root: string): CitationProblem[] {
  return scannedFiles(root).flatMap((file) =>
    citationProblems(root, file, readFileSync(join(root, file), 'utf8')),
  );
}
