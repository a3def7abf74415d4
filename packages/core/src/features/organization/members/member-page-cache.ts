import { BoundedMap } from '../../../util/bounded-map.ts';

/** How many pages a server keeps, and the longest one it keeps (JSON characters). */
const PAGES = 64;
const LONGEST_PAGE = 256 * 1024;

/** A page's serialized answer and the organization's member-list version it was read at. */
interface KeptPage {
  version: string;
  text: string;
}

/**
 * `list-members` answers this server gave, each kept under the organization's member-list version
 * it was read at (features/organization/migrations/0018-member-page-version.ts). A kept answer is given again only
 * for the version the request has just read, which changes in the transaction of every write that
 * could change the page, so the answer is the one reading the page now would give. The saving is
 * the page's read (a window over the organization's members, joined to a hundred users) and its
 * serialization, on the list an admin screen reloads: on a 1,000-member organization that read was
 * the largest part of the request's cost (bench/README.md).
 *
 * At most `PAGES` answers of at most `LONGEST_PAGE` characters, so a few megabytes at worst; the
 * oldest is dropped first.
 */
export class MemberPageCache {
  readonly #pages = new BoundedMap<string, KeptPage>(PAGES);

  /** The answer kept for this page at exactly this version, if any. */
  get(page: string, version: string): string | undefined {
    const kept = this.#pages.get(page);
    return kept !== undefined && kept.version === version ? kept.text : undefined;
  }

  keep(page: string, version: string, text: string): void {
    if (text.length <= LONGEST_PAGE) this.#pages.set(page, { version, text });
  }
}
