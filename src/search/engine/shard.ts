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
 * The body text's inverted list is not in the shards either: it is two thirds of the index, and a
 * query needs the lines of a few of its tens of thousands of terms. It is cut into content chunks
 * (`search-index/content.<hash>.json`), each a range of terms in sort order over the whole site; the
 * manifest lists each chunk's first term, so the worker fetches the chunks holding a query's terms
 * and no others. A shard keeps each section's body length, which ranking needs for every section.
 * lunr divides a section's score by the query vector's magnitude only, so the sections' vectors
 * over the terms loaded give a query exactly the scores the full index would.
 *
 * An inverted list is text: one line per term, `term gap[.tf] gap[.tf] …`, where gaps between
 * section numbers are base 36 and the term frequency is left out when it is 1. In a content chunk
 * the section numbers are the site's (see Shard.firstSection).
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

/** The fields whose inverted lists a shard holds; `content` is in the content chunks. */
export type ShardField = Exclude<Field, 'content'>;
export const SHARD_FIELDS = FIELDS.filter((f): f is ShardField => f !== 'content');

/** The shard format this code reads and writes. */
export const SHARD_FORMAT = 3;

export interface Shard {
  format: typeof SHARD_FORMAT;
  /** Context path (`administration`), or '' for pages outside every context. */
  context: string;
  /** The site's number of this shard's first section: the shards' sections, in manifest order, are the site's. */
  firstSection: number;
  pages: PageRecord[];
  sections: SectionRecord[];
  /** Inverted list per field. */
  fields: Record<ShardField, string>;
  /** Terms in each section's body (the length BM25 normalises by), base 36, space-separated. */
  contentLengths: string;
}

/** A range of the body text's inverted list, over the sections of the whole site. */
export interface ContentChunk {
  format: typeof SHARD_FORMAT;
  /** The number of the site's sections (every section number in the chunk is below it). */
  sections: number;
  lines: string;
}

/** The manifest format this code reads and writes. */
export const MANIFEST_FORMAT = 2;

/** `search-index/manifest.json`: the shard of each context, the content chunks (content-hashed names) and the glossary. */
export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  /** Context '' holds the pages outside every context (home, FAQ). */
  contexts: {path: string; label: string; file: string; pages: number; sections: number}[];
  /** The content chunks in term order, each with its first term: a chunk holds the terms from its own up to the next one's. */
  content: {first: string; file: string}[];
  /** Synonym groups (data/search-glossary.yaml). */
  glossary: string[][];
}

/** The chunks (indexes into `content`) that hold `terms`, and every term starting with one of `prefixes`. */
export function chunksOf(content: Manifest['content'], terms: Iterable<string>, prefixes: Iterable<string> = []): number[] {
  // The last chunk whose first term is at most `term`.
  const chunkOf = (term: string) => {
    let low = 0;
    let high = content.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (content[middle].first <= term) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const out = new Set<number>();
  if (!content.length) return [];
  for (const term of terms) out.add(chunkOf(term));
  // Every term starting with a prefix sorts between the prefix and the prefix followed by the last code unit.
  for (const prefix of prefixes) for (let i = chunkOf(prefix), last = chunkOf(`${prefix}\uffff`); i <= last; i++) out.add(i);
  return [...out].sort((a, b) => a - b);
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

/** Encodes the terms of sections 0…n-1 into per-field inverted lists (of `fields`, every field by default). */
export function encodeFields<F extends Field = Field>(
  sections: SectionTerms[],
  fields: readonly F[] = FIELDS as readonly Field[] as readonly F[],
): Record<F, string> {
  const out = {} as Record<F, string>;
  for (const field of fields) out[field] = encodeLines(sections.map((s) => s[field])).join('\n');
  return out;
}

/** The inverted list of sections 0…n-1 (given as the terms of each), a line per term, in term order. */
export function encodeLines(sections: string[][]): string[] {
  const postings = new Map<string, [number, number][]>();
  sections.forEach((terms, section) => {
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
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
  return lines;
}

/** One line of a field's inverted list: the term and its cells (`gap[.tf]`). */
export interface PostingLine {
  term: string;
  cells: string[];
}

/** The lines of a field's inverted list (none for an empty field). */
export function postingLines<F extends string>(fields: Record<F, string>, field: F): PostingLine[] {
  const text = fields[field];
  if (typeof text !== 'string') throw new Error(`search index: field "${field}" is missing`);
  return splitLines(text);
}

/** The lines of an inverted list. */
export function splitLines(text: string): PostingLine[] {
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
  if (!Number.isInteger(shard.firstSection) || typeof shard.contentLengths !== 'string')
    throw new Error('search index: section numbers or lengths are missing');
}

/** Checks a content chunk; throws a message naming what is wrong. */
export function assertChunk(value: unknown): asserts value is ContentChunk {
  const chunk = value as Partial<ContentChunk> | null;
  if (!chunk || chunk.format !== SHARD_FORMAT || !Number.isInteger(chunk.sections) || typeof chunk.lines !== 'string')
    throw new Error('search index: not a content chunk');
}

/** The manifest's shape, as far as the worker relies on it; throws a message naming what is wrong. */
export function assertManifest(value: unknown): asserts value is Manifest {
  const manifest = value as Partial<Manifest> | null;
  if (manifest?.format !== MANIFEST_FORMAT || !Array.isArray(manifest.contexts) || !Array.isArray(manifest.content) || !Array.isArray(manifest.glossary))
    throw new Error('unknown manifest format');
}
