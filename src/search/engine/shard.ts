/**
 * The search index as shipped: one file per search context ("shard"). It holds what ranking and a
 * result's link need (pages, sections) and, per field, an inverted list of terms — far smaller
 * than a serialised lunr index (which stores precomputed vectors): the worker rebuilds the lunr
 * index from it (searcher.ts).
 *
 * The texts a result's excerpt is cut from are not in the shard: they would be most of its bytes,
 * downloaded before the first query although a query shows ten of them. They are in small files
 * of their own (fragments, `search-index/fragment.<hash>.json`, each a Fragment holding a few
 * consecutive sections of one page) that the worker fetches for the hits it returns.
 *
 * An inverted list is text: one line per term, `term gap[.tf] gap[.tf] …`, where gaps between
 * section numbers are base 36 and the term frequency is left out when it is 1.
 */

/** Fields of a section, in boost order. `keywords` holds identifiers (API paths, config keys…). */
export const FIELDS = ['title', 'heading', 'keywords', 'content'] as const;
export type Field = (typeof FIELDS)[number];

/**
 * `[url, title, breadcrumbs, operation name, fragments]`. The operation name, for a page of the API
 * reference, is the verb its operation's name starts with and then the index terms of that name
 * (`['get', 'user', 'email']` for GetUserByEmail; `['']` for a tag's page, which has no operation);
 * null for other pages. Fragments are `[hash, number of sections]` in order: the first holds the
 * page's first sections, and so on.
 */
export type PageRecord = [string, string, string[], string[] | null, [string, number][]];
/** `[page number, anchor ('' for the top of the page), heading]` */
export type SectionRecord = [number, string, string];

/** The shard format this code reads and writes. */
export const SHARD_FORMAT = 2;

export interface Shard {
  format: typeof SHARD_FORMAT;
  /** Context path (`administration`), or '' for pages outside every context. */
  context: string;
  pages: PageRecord[];
  sections: SectionRecord[];
  /** Inverted list per field. */
  fields: Record<Field, string>;
}

/** `search-index/manifest.json`: the shard of each context (content-hashed names) and the glossary. */
export interface Manifest {
  format: 1;
  /** Context '' holds the pages outside every context (home, FAQ). */
  contexts: {path: string; label: string; file: string; pages: number; sections: number}[];
  /** Synonym groups (data/search-glossary.yaml). */
  glossary: string[][];
}

/**
 * A fragment: the text of each of its sections (by anchor, '' for the top of the page), capped,
 * or for a setting its key and the first sentence of its description.
 */
export type Fragment = Record<string, string>;

/** Where a fragment is, relative to the site's base URL. */
export function fragmentFile(hash: string): string {
  return `search-index/fragment.${hash}.json`;
}

/** The hash of the fragment that holds a page's section number `section` (from 0), or '' when none does. */
export function fragmentOf(fragments: [string, number][], section: number): string {
  let first = 0;
  for (const [hash, count] of Array.isArray(fragments) ? fragments : []) {
    if (section < first + count) return hash;
    first += count;
  }
  return '';
}

/** Terms of each field of one section, as the builder collects them. */
export type SectionTerms = Record<Field, string[]>;

/** Encodes the terms of sections 0…n-1 into per-field inverted lists. */
export function encodeFields(sections: SectionTerms[]): Record<Field, string> {
  const out = {} as Record<Field, string>;
  for (const field of FIELDS) {
    const postings = new Map<string, [number, number][]>();
    sections.forEach((terms, section) => {
      const counts = new Map<string, number>();
      for (const term of terms[field]) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, tf] of counts) {
        let list = postings.get(term);
        if (!list) postings.set(term, (list = []));
        list.push([section, tf]);
      }
    });
    const lines: string[] = [];
    for (const term of [...postings.keys()].sort()) {
      if (/\s/.test(term)) throw new Error(`search index: a term may not contain spaces: "${term}"`);
      let previous = 0;
      const cells = postings.get(term)!.map(([section, tf]) => {
        const cell = (section - previous).toString(36) + (tf > 1 ? `.${tf}` : '');
        previous = section;
        return cell;
      });
      lines.push(`${term} ${cells.join(' ')}`);
    }
    out[field] = lines.join('\n');
  }
  return out;
}

/** One line of a field's inverted list: the term and its cells (`gap[.tf]`). */
export interface PostingLine {
  term: string;
  cells: string[];
}

/** The lines of a field's inverted list (none for an empty field). */
export function postingLines(fields: Record<Field, string>, field: Field): PostingLine[] {
  const text = fields[field];
  if (typeof text !== 'string') throw new Error(`search index: field "${field}" is missing`);
  if (!text) return [];
  return text.split('\n').map((line) => {
    const cells = line.split(' ');
    return {term: cells[0], cells};
  });
}

/**
 * Calls `visit(section, tf)` for each section a line lists; sections are numbered from `first`
 * (the shard's first section when several shards are searched as one) and below `count`.
 */
export function readPostings({term, cells}: PostingLine, first: number, count: number, visit: (section: number, tf: number) => void): void {
  let section = first;
  for (let i = 1; i < cells.length; i++) {
    const cell = cells[i];
    const dot = cell.indexOf('.');
    section += parseInt(dot < 0 ? cell : cell.slice(0, dot), 36);
    if (section >= count) throw new Error(`search index: term "${term}" points past the last section`);
    visit(section, dot < 0 ? 1 : Number(cell.slice(dot + 1)));
  }
}

/** The inverse of encodeFields: the terms (with repeats) of each of `count` sections. */
export function decodeFields(fields: Record<Field, string>, count: number): SectionTerms[] {
  const sections: SectionTerms[] = Array.from({length: count}, () => ({title: [], heading: [], keywords: [], content: []}));
  for (const field of FIELDS) {
    for (const line of postingLines(fields, field)) {
      readPostings(line, 0, count, (section, tf) => {
        for (let n = tf; n > 0; n--) sections[section][field].push(line.term);
      });
    }
  }
  return sections;
}

/** Checks the parts of a shard the worker relies on; throws a message naming what is wrong. */
export function assertShard(value: unknown): asserts value is Shard {
  const shard = value as Partial<Shard> | null;
  if (!shard || shard.format !== SHARD_FORMAT) throw new Error('search index: unknown format');
  if (!Array.isArray(shard.pages) || !Array.isArray(shard.sections) || typeof shard.fields !== 'object' || shard.fields === null) {
    throw new Error('search index: pages, sections or fields are missing');
  }
}
