/**
 * Searching a set of shards with lunr (BM25, k1 1.2, b 0.75): the query language is lunr's
 * (`+required -excluded field:term term~1 term^2 term*`) where the reader clearly used it, text
 * elsewhere, with errors in Russian (syntax.ts); the work a query causes is bounded (limits.ts). On top of it
 * every plain word is folded and stemmed like the index, expanded with glossary synonyms, looked up
 * fuzzily when the index lacks it, and retyped on the other keyboard layout when that is what finds
 * it. API paths, config keys, environment variables and operationIds are matched whole against the
 * `keywords` field first.
 */
import type lunrTypes from 'lunr';
import {lunr} from './lunr';
import {MAX_EDIT_DISTANCE, MAX_EXPANDED_TERMS, MAX_FUZZY_TERM_CHARS, MAX_FUZZY_TERMS, MAX_QUERY_CHARS, MAX_QUERY_TERMS, RESULT_LIMIT} from '../limits';
import {cutQuery, toLunrSyntax, translateParseError} from './syntax';
import {
  chunksOf,
  FIELDS,
  fragmentOf,
  postingLines,
  readPostings,
  SHARD_FIELDS,
  splitLines,
  type ContentChunk,
  type Field,
  type Manifest,
  type Shard,
} from './shard';
import {fold, identifierKeys, isIdentifier, isStopWord, methodPathKey, normalizeApiPath, stem, switchLayout, terms, words} from './text';

/**
 * Field boosts (lunr multiplies a field's BM25 score by these). Keywords are the terms a page's
 * author chose for it (front matter) and its identifiers: what it is about, above its title.
 */
export const FIELD_BOOSTS: Record<Field, number> = {title: 6, heading: 4, keywords: 16, content: 1};
/**
 * Operation pages are short and titled with the verbs of everyday questions («Обновить команду»),
 * so for a query in words (no API path, key or identifier) that does not name the operation their
 * scores are scaled down: a reader asking «как обновить сервер» wants the guide; one pasting
 * `PUT /teams/{id}` or asking «обновить команду» gets the operation.
 */
export const OPERATION_WEIGHT_FOR_PROSE = 0.5;

export interface Hit {
  url: string;
  anchor: string;
  title: string;
  heading: string;
  crumbs: string[];
  /** The hash of the fragment that holds the text the hit's excerpt is cut from ('' for none). */
  fragment: string;
  score: number;
  /** Index terms this hit matched (stems, whole identifiers): what the target page highlights. */
  terms: string[];
}

export interface SearchResult {
  hits: Hit[];
  /** The query as searched when some of its words were retyped on the other keyboard layout. */
  retyped?: string;
  /** A syntax error in the query (in Russian); no hits then. */
  error?: string;
  /** What of the query was left out: it was cut to `chars` characters, or to its first `terms` words. */
  cut?: {chars?: number; terms?: number};
}

/**
 * What a section shows in a result, and what ranking needs of its page: the number of terms in its
 * title and, for a page of the API reference, how its operation is named.
 */
type Section = Omit<Hit, 'score' | 'terms'> & {titleTerms: number; context: string; operation?: Operation};

/**
 * A page of the API reference (an operation's or a tag's): the verbs its operation may be asked
 * for with (none for a tag's page), and the number of the other words of the operation's name.
 */
interface Operation {
  verbs: string[];
  objectWords: number;
}

/**
 * Operation titles start with their verb in the infinitive («Получить…», «Создать…»); their English
 * names usually do too (`GetUser`, `CreatePost`), though not always (`PostLog`, `ChannelMembers…`),
 * so an English first word counts as the verb only when it is one of these.
 */
const ENGLISH_VERBS = new Set(
  'get list create update patch delete remove add set search find upload download send revoke restore enable disable invalidate test check verify install uninstall link unlink pin unpin move convert assign invite login logout reset regenerate regen publish promote demote import export sync submit cancel clear close open mark view save purge reload restart start stop subscribe unsubscribe switch transform execute attach acknowledge migrate register request validate generate modify rerun'
    .split(' ')
    .map((w) => stem(w)),
);
const RUSSIAN_INFINITIVE = /(?:ть|ти|чь|ться)$/;
/** A `get` operation is also asked for as a list or a lookup («список ботов», «узнать статус»). */
const GET_VERBS = ['получить', 'get', 'список', 'list', 'узнать', 'посмотреть', 'показать', 'show', 'fetch', 'найти', 'find'].map((w) => stem(w));

function operationOf(title: string, name: string[]): Operation {
  const [verb, ...words] = name;
  // The verb opens the title, or follows an adverb («Частично обновить канал»).
  const infinitive = title
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => fold(w).replace(/[^\p{L}]/gu, ''))
    .find((w) => RUSSIAN_INFINITIVE.test(w));
  const verbs = [...(ENGLISH_VERBS.has(verb) ? [verb] : []), ...(infinitive ? [stem(infinitive)] : [])];
  if (verbs.some((v) => GET_VERBS.includes(v))) verbs.push(...GET_VERBS);
  return {verbs: [...new Set(verbs)], objectWords: Math.max(1, words.filter((w) => w !== verb).length)};
}

/** A built lunr index over some shards, plus what the query expansion needs. */
export interface Corpus {
  index: lunrTypes.Index;
  sections: Section[];
  /** Every term of each field, to tell whether a word exists at all. */
  vocabulary: Set<string>;
  /** Normalised API path templates (`/users/{}/image`) found in the keywords. */
  apiPaths: string[];
  /** Index terms the running query may still expand to through typos and wildcards. */
  expansion: {left: number};
  /** The verbs operations are named with (`creat`, `созда`, `get`…): a query holding one asks for an action. */
  actions: Set<string>;
}

/** BM25 parameters (lunr's defaults). */
export const BM25 = {k1: 1.2, b: 0.75};

/** The parts of lunr used to assemble an index (missing from its type definitions). */
const lunrParts = lunr as unknown as {
  Vector: new (elements: number[]) => object;
  TokenSet: {fromArray(terms: string[]): TokenSet};
  Pipeline: new () => object;
  Index: new (attrs: {invertedIndex: object; fieldVectors: object; tokenSet: object; fields: string[]; pipeline: object}) => lunrTypes.Index;
};

interface TokenSet {
  final: boolean;
  edges: Record<string, TokenSet>;
  intersect(other: TokenSet): TokenSet;
  toArray(): string[];
}

/** The words of a token set, at most `max` of them (lunr's toArray lists them all). */
function someWords(set: TokenSet, max: number): string[] {
  const out: string[] = [];
  const stack: {prefix: string; node: TokenSet}[] = [{prefix: '', node: set}];
  while (stack.length && out.length < max) {
    const {prefix, node} = stack.pop()!;
    if (node.final) out.push(prefix);
    for (const edge of Object.keys(node.edges)) stack.push({prefix: prefix + edge, node: node.edges[edge]});
  }
  return out;
}

/**
 * The index's token set, with lunr's expansion of a fuzzy term (`intersect`) drawing on the
 * query's budget of expanded terms: a short word with two typos allowed can match thousands of
 * terms, each then looked up and scored.
 */
export function budgetedTokenSet(set: TokenSet, budget: {left: number}): TokenSet {
  const limited = Object.create(set) as TokenSet;
  limited.intersect = (other) => {
    const expanded = set.intersect(other);
    return Object.assign(Object.create(expanded) as TokenSet, {
      toArray: () => {
        const terms = someWords(expanded, budget.left);
        budget.left -= terms.length;
        return terms;
      },
    });
  };
  return limited;
}

/** The term a token set stands for when it is one exact string (no typos, no wildcard), else undefined. */
function exactTerm(set: TokenSet): string | undefined {
  let term = '';
  for (let node = set; ;) {
    const edges = Object.keys(node.edges);
    if (edges.length === 0) return node.final ? term : undefined;
    if (edges.length !== 1 || node.final || edges[0] === '*') return undefined;
    term += edges[0];
    node = node.edges[edges[0]];
  }
}

/**
 * The index's token set for lunr's query, which intersects it with every term of the query. An
 * exact term is looked up in the vocabulary; lunr's automaton of the whole vocabulary (a third of
 * the time an index takes to build) is made only when a query has a typo or a wildcard.
 */
function vocabularyTokenSet(sorted: string[], vocabulary: Set<string>, budget: {left: number}): TokenSet {
  let automaton: TokenSet | undefined;
  const lazy = {
    intersect(other: TokenSet): TokenSet {
      const term = exactTerm(other);
      if (term === undefined) {
        automaton ??= budgetedTokenSet(lunrParts.TokenSet.fromArray(sorted), budget);
        return automaton.intersect(other);
      }
      return {
        toArray: () => {
          if (budget.left <= 0 || !vocabulary.has(term)) return [];
          budget.left -= 1;
          return [term];
        },
      } as TokenSet;
    },
  };
  return lazy as TokenSet;
}

/** Metadata of a posting: nothing is recorded (no positions), so one shared empty object. */
const NO_METADATA = Object.freeze(Object.create(null) as object);

/** A term's postings in one field: `[section, tf, section, tf, …]`, sections numbered from `offset` in the corpus. */
interface TermLine {
  term: string;
  field: Field;
  postings: number[];
  offset: number;
}

/**
 * A shard's inverted lists (sections numbered from the shard's first) and its sections' body
 * lengths, read once: every query builds an index of its own over the same shards.
 */
const parsedShards = new WeakMap<Shard, {lines: TermLine[]; bodyLengths: number[]}>();

function parseShard(shard: Shard): {lines: TermLine[]; bodyLengths: number[]} {
  let parsed = parsedShards.get(shard);
  if (parsed) return parsed;
  const lines: TermLine[] = [];
  for (const field of SHARD_FIELDS) {
    for (const line of postingLines(shard.fields, field)) {
      const postings: number[] = [];
      readPostings(line, 0, shard.sections.length, (section, tf) => postings.push(section, tf));
      lines.push({term: line.term, field, postings, offset: 0});
    }
  }
  const bodyLengths = shard.contentLengths ? shard.contentLengths.split(' ').map((n) => parseInt(n, 36)) : [];
  if (bodyLengths.length !== shard.sections.length)
    throw new Error(`search index: context "${shard.context}" has ${bodyLengths.length} body lengths for ${shard.sections.length} sections`);
  parsedShards.set(shard, (parsed = {lines, bodyLengths}));
  return parsed;
}

/** The shards' inverted lists, offset by each shard's first section in the corpus; records each section's body length in `contentLengths`. */
function shardLines(shards: Shard[], contentLengths: Float64Array): TermLine[] {
  const lines: TermLine[] = [];
  let offset = 0;
  for (const shard of shards) {
    const parsed = parseShard(shard);
    for (const line of parsed.lines) lines.push({...line, offset});
    contentLengths.set(parsed.bodyLengths, offset);
    offset += shard.sections.length;
  }
  return lines;
}

/** The content chunks' lines for the sections of `shards` (numbered as in the corpus); sections of other contexts are left out. */
function chunkLines(shards: Shard[], chunks: ContentChunk[]): TermLine[] {
  if (!chunks.length) return [];
  const total = chunks[0].sections;
  const local = new Int32Array(total).fill(-1);
  let offset = 0;
  for (const shard of shards) {
    if (shard.firstSection < 0 || shard.firstSection + shard.sections.length > total)
      throw new Error(`search index: context "${shard.context}" lies outside the ${total} sections the content chunks cover`);
    for (let i = 0; i < shard.sections.length; i++) local[shard.firstSection + i] = offset + i;
    offset += shard.sections.length;
  }
  const lines: TermLine[] = [];
  const seen = new Set<string>();
  for (const chunk of chunks) {
    if (chunk.sections !== total) throw new Error('search index: content chunks of different builds');
    for (const line of splitLines(chunk.lines)) {
      if (seen.has(line.term)) throw new Error(`search index: the body term "${line.term}" is listed twice`);
      seen.add(line.term);
      const postings: number[] = [];
      readPostings(line, 0, total, (section, tf) => {
        if (local[section] >= 0) postings.push(local[section], tf);
      });
      if (postings.length) lines.push({term: line.term, field: 'content', postings, offset: 0});
    }
  }
  // The chunks arrive in whatever order the network delivers them; a field vector is a sorted list
  // of term numbers, so the lines go in term order whatever the order of the chunks.
  return lines.sort((a, b) => (a.term < b.term ? -1 : 1));
}

/**
 * Builds one lunr index over the sections of `shards` and the body terms of the content chunks
 * given (those a query needs: see contentTerms). The shards already hold postings, so the index is
 * assembled from them directly instead of feeding every section through lunr.Builder (which
 * re-counts each term of each section): the same inverted index, field vectors and scores as the
 * builder's (tests/unit/search-engine.test.ts compares them), in about a third of the time, which
 * is most of the wait before the first results on a cold page.
 */
export function buildCorpus(shards: Shard[], chunks: ContentChunk[] = []): Corpus {
  const sections: Section[] = [];
  for (const shard of shards) {
    const before = new Map<number, number>(); // sections of each page so far
    const operations = new Map<number, Operation>(); // one per page, shared by its sections
    for (const [page, anchor, heading] of shard.sections) {
      const [url, title, crumbs, name, fragments] = shard.pages[page];
      const number = before.get(page) ?? 0;
      before.set(page, number + 1);
      if (name && !operations.has(page)) operations.set(page, operationOf(title, name));
      const operation = operations.get(page);
      sections.push({
        url,
        anchor,
        title,
        heading,
        crumbs,
        fragment: fragmentOf(fragments, number),
        titleTerms: 0,
        context: shard.context,
        ...(operation ? {operation} : {}),
      });
    }
  }
  const count = sections.length;

  const lengths: Record<Field, Float64Array> = {
    title: new Float64Array(count),
    heading: new Float64Array(count),
    keywords: new Float64Array(count),
    content: new Float64Array(count),
  };
  const lines = [...shardLines(shards, lengths.content), ...chunkLines(shards, chunks)];

  // Term numbers follow the sorted vocabulary, so each field vector is filled in ascending order.
  const vocabulary = new Set(lines.map((l) => l.term));
  const sorted = [...vocabulary].sort();
  const termIndex = new Map(sorted.map((term, i) => [term, i]));
  const entries: Record<Field, number[][]> = {title: [], heading: [], keywords: [], content: []};
  for (const field of FIELDS) for (let i = 0; i < count; i++) entries[field].push([]);
  // Documents per term, summed over the fields (what lunr.idf counts).
  const documentsWithTerm = new Float64Array(sorted.length);
  const linesOfTerm: number[][] = sorted.map(() => []);
  lines.forEach(({term, field, postings, offset}, n) => {
    const index = termIndex.get(term)!;
    documentsWithTerm[index] += postings.length / 2;
    linesOfTerm[index].push(n);
    for (let i = 0; i < postings.length; i += 2) {
      // A body's length is the shard's, as only some of the body's terms are loaded.
      if (field !== 'content') lengths[field][offset + postings[i]] += postings[i + 1];
      entries[field][offset + postings[i]].push(index, postings[i + 1]);
    }
  });

  // lunr's inverted index (term → field → documents), made for a term when a query first looks it
  // up: a query touches a few dozen of the tens of thousands of terms.
  const postings: Record<string, Record<string, unknown>> = Object.create(null);
  const invertedIndex = new Proxy(postings, {
    get(target, term) {
      if (typeof term !== 'string' || !termIndex.has(term)) return undefined;
      if (target[term]) return target[term];
      const index = termIndex.get(term)!;
      const posting: Record<string, unknown> = Object.create(null);
      posting._index = index;
      for (const field of FIELDS) posting[field] = Object.create(null);
      for (const n of linesOfTerm[index]) {
        const line = lines[n];
        const docs = posting[line.field] as Record<string, object>;
        for (let i = 0; i < line.postings.length; i += 2) docs[line.offset + line.postings[i]] = NO_METADATA;
      }
      return (target[term] = posting);
    },
  });

  for (let section = 0; section < count; section++) sections[section].titleTerms = lengths.title[section];

  // lunr.idf, from the counts.
  const idf = documentsWithTerm.map((n) => Math.log(1 + Math.abs((count - n + 0.5) / (n + 0.5))));
  const averages = Object.fromEntries(FIELDS.map((field) => [field, lengths[field].reduce((sum, n) => sum + n, 0) / count])) as Record<Field, number>;
  /** A section's vector in one field: each term's BM25 weight, boosted as the field is (lunr.Builder's). */
  const vectorOf = (field: Field, doc: number) => {
    const pairs = entries[field][doc];
    const length = lengths[field][doc];
    const elements: number[] = [];
    for (let i = 0; i < pairs.length; i += 2) {
      const tf = pairs[i + 1];
      const score = ((idf[pairs[i]] * ((BM25.k1 + 1) * tf)) / (BM25.k1 * (1 - BM25.b + BM25.b * (length / averages[field])) + tf)) * FIELD_BOOSTS[field];
      elements.push(pairs[i], Math.round(score * 1000) / 1000);
    }
    return new lunrParts.Vector(elements);
  };
  // lunr's field vectors (`field/section` → vector), made when a query first scores a section in a
  // field: a query scores a few hundred of the thousands, and making them all is most of the time
  // an index takes to build, which a query whose words need other chunks waits for.
  const fieldRefs = FIELDS.flatMap((field) => Array.from({length: count}, (_, doc) => `${field}/${doc}`));
  const isFieldRef = new Set(fieldRefs);
  const vectors: Record<string, object> = Object.create(null);
  const fieldVectors = new Proxy(vectors, {
    get(target, ref) {
      if (typeof ref !== 'string') return undefined;
      if (target[ref]) return target[ref];
      const slash = ref.indexOf('/');
      const field = ref.slice(0, slash) as Field;
      const doc = Number(ref.slice(slash + 1));
      if (!(field in entries) || !Number.isInteger(doc) || doc < 0 || doc >= count) return undefined;
      return (target[ref] = vectorOf(field, doc));
    },
    // A query of excluded words only (`-docker`) starts from every section: lunr lists the vectors' keys.
    ownKeys: () => fieldRefs,
    getOwnPropertyDescriptor: (target, ref) => (typeof ref === 'string' && isFieldRef.has(ref) ? {enumerable: true, configurable: true} : undefined),
  });

  const expansion = {left: MAX_EXPANDED_TERMS};
  const tokenSet = vocabularyTokenSet(sorted, vocabulary, expansion);
  const index = new lunrParts.Index({invertedIndex, fieldVectors, tokenSet, fields: [...FIELDS], pipeline: new lunrParts.Pipeline()});
  const apiPaths = [...new Set(lines.filter((l) => l.field === 'keywords' && l.term.startsWith('/')).map((l) => l.term))];
  const actions = new Set(sections.flatMap((s) => s.operation?.verbs ?? []));
  return {index, sections, vocabulary, apiPaths, expansion, actions};
}

/* ------------------------------------------------------------------------------------------------
 * Glossary
 */

/** Synonym groups, each term as its stemmed words (`единый вход` → `['един', 'вход']`). */
export type Glossary = string[][][];

export function prepareGlossary(groups: string[][]): Glossary {
  return groups.map((group) =>
    group
      .map((phrase) =>
        words(phrase)
          .filter((w) => !isStopWord(w))
          .map(stem),
      )
      .filter((phrase) => phrase.length > 0),
  );
}

/* ------------------------------------------------------------------------------------------------
 * Query
 */

interface Clause {
  term: string;
  fields: Field[];
  boost: number;
  presence: number;
  editDistance: number;
  wildcard: number;
  /** The parts of the query this clause stands for (a word, a pasted path or key): see Plan. */
  groups: number[];
  /** Added from the glossary rather than typed. */
  synonym?: boolean;
  /** For a synonym from a phrase of several words, the terms of that phrase. */
  phrase?: string[];
}

/**
 * A planned query. Each part of it the reader typed (a word, an API path, a config key) is a group;
 * the clauses for its stem, typos, synonyms and whole-identifier keywords share the group's number,
 * so a page can be told to match all of what was asked or only some of it. `weak` groups are words of
 * the question rather than its subject («какие», «делать», «посмотреть»).
 */
export interface Plan {
  clauses: Clause[];
  groups: number;
  weak: Set<number>;
  /** The weak groups that shape the question («какие», «узнать»), as against naming a topic too broad to tell pages apart («api», «time»). */
  shaping: Set<number>;
  /** Groups of the verbs the reader typed (see isVerb): what the query asks to do rather than to what. */
  verbs: Set<number>;
  /** The query asks for the API (see API_WORDS). */
  api: boolean;
  /** Every word of the query as a term, stop words too (past participles not), and the one-word synonyms of each. */
  typed: Set<string>;
  retyped: Map<string, string>;
  termsCut: boolean;
}

const {presence: PRESENCE, wildcard: WILDCARD} = lunr.Query;

/** lunr's query parser (exported by lunr, missing from its type definitions). */
const QueryParser = (lunr as unknown as {QueryParser: new (text: string, query: lunrTypes.Query) => {parse(): void}}).QueryParser;
const METHOD_PATH = /(?:\b(get|post|put|patch|delete|head)\s+)?((?:[a-z]+:\/\/[^\s/]+)?\/[\w{}\-.~/]*[\w}])/gi;

/** API path templates that a pasted path matches (`/channels/abc123/members` → `/channels/{}/members`). */
export function matchApiPaths(path: string, templates: string[]): string[] {
  const wanted = normalizeApiPath(path).split('/');
  // Each template that fits, with the number of segments it has exactly as pasted: the closest
  // ones win (`/users/{user_id}/image` is `/users/{}/image`, not `/users/email/{}`).
  const fits = templates.flatMap((template) => {
    const parts = template.split('/');
    if (parts.length !== wanted.length || !parts.every((part, i) => part === wanted[i] || part === '{}' || wanted[i] === '{}')) return [];
    return [{template, exact: parts.filter((part, i) => part === wanted[i]).length}];
  });
  const best = Math.max(...fits.map((f) => f.exact));
  return fits.filter((f) => f.exact === best).map((f) => f.template);
}

/** Pulls API paths out of the query text; returns the keyword clauses and the rest of the text. */
function extractApiPaths(query: string, corpus: Corpus, newGroup: () => number): {clauses: Clause[]; rest: string} {
  const clauses: Clause[] = [];
  const rest = query.replace(METHOD_PATH, (whole, method: string | undefined, path: string) => {
    if (!/\/[\w{}]/.test(path)) return whole;
    const templates = matchApiPaths(path, corpus.apiPaths);
    if (!templates.length) return whole.replace(/[/{}]/g, ' ');
    const group = newGroup();
    for (const template of templates) {
      clauses.push(keywordClause(template, 20, group));
      if (method) clauses.push(keywordClause(methodPathKey(method, template), 40, group));
    }
    return ' ';
  });
  return {clauses, rest};
}

function keywordClause(term: string, boost: number, group: number): Clause {
  return {term, fields: ['keywords'], boost, presence: PRESENCE.OPTIONAL, editDistance: 0, wildcard: WILDCARD.NONE, groups: [group]};
}

/**
 * Words that shape a question or a task rather than name its subject. Most such words are on the
 * stop lists already («как», «сколько», «почему», «можно»); these are not, and on their own they
 * would pull in any page that happens to use them. The product's own name is one too: every page
 * is about Time. They still count, with a low weight, and a page need not contain them to match the
 * whole query.
 */
const WEAK_WORDS = new Set(
  [
    'какие',
    'какая',
    'какое',
    'каких',
    'каким',
    'какую',
    'делать',
    'сделать',
    'посмотреть',
    'смотреть',
    'узнать',
    'хочу',
    'хотим',
    'нужен',
    'нужна',
    'нужны',
    'происходит',
    'получается',
    'вообще',
    // «с чего начать…», «где лежат…», «где находится…»: where to look, not what for
    'начать',
    'начинать',
    'лежат',
    'лежит',
    'находится',
    'находятся',
    'need',
    'want',
  ].map(stem),
);
/** The product's name, as readers type it (one word): on this site it names no topic. */
const PRODUCT_WORDS = new Set(['time', 'тайм'].map(stem));
const WEAK_BOOST = 0.2;
/**
 * Words that say the reader wants the API («через api», «rest endpoint»): they are weak words, and
 * operation pages are then not ranked down as they are for other queries in words.
 */
const API_WORDS = new Set(['api', 'rest', 'endpoint', 'эндпоинт', 'эндпойнт'].map(stem));

/**
 * Nouns that end like an infinitive (-[vowel]ть): nouns in -сть («скорость», «часть») do not, and
 * these are the ones a question about a messenger's server may hold.
 */
const INFINITIVE_LIKE_NOUNS = new Set(['сеть', 'путь', 'память', 'суть', 'нить', 'треть', 'медь', 'ртуть', 'плеть', 'тетрадь']);

/**
 * Russian infinitives: -ть after a vowel (nouns in -сть are not), -ти after the consonants verbs
 * have there («найти», «перенести»; «памяти», «части» are nouns), -чь, and reflexive forms.
 */
const RUSSIAN_INFINITIVE_WORD = /(?:[аеиоуыэюя]ть|[йз]ти|[еу]сти|чь|ться|тись)$/;

/**
 * A word the reader asks to do something with: a verb operations are named with (`создать`,
 * `revoke`), or any Russian infinitive («вернуть», «разлогинить»), which may paraphrase one.
 */
function isVerb(word: string, term: string, corpus: Corpus): boolean {
  return corpus.actions.has(term) || (RUSSIAN_INFINITIVE_WORD.test(word) && !INFINITIVE_LIKE_NOUNS.has(word));
}

/**
 * The other stem of a Russian noun in -ка whose genitive plural has a fleeting vowel: the stemmer
 * makes `настройк` of «настройка», «настройки», but `настроек` of «настроек» («список настроек»),
 * and `ссылк` / `ссылок` alike. Both are the same word; the index holds whichever the page used.
 */
export function fleetingVowelForms(term: string): string[] {
  if (!/^[а-я]{3,}$/.test(term)) return [];
  const consonant = '[бвгджзклмнпрстфхцчшщ]';
  const vowel = '[аеиоуыэюя]';
  let m: RegExpMatchArray | null;
  if ((m = term.match(new RegExp(`^(.*${vowel})ек$`)))) return [`${m[1]}йк`];
  if ((m = term.match(new RegExp(`^(.*${consonant})[ое]к$`)))) return [`${m[1]}к`];
  if ((m = term.match(new RegExp(`^(.*${vowel})йк$`)))) return [`${m[1]}ек`];
  if ((m = term.match(new RegExp(`^(.*${consonant})к$`)))) return [`${m[1]}ок`, `${m[1]}ек`];
  return [];
}

/** Of a typo's weight, the share that only words one edit away get (see wordClauses). */
const NEAR_TYPO_SHARE = 0.5;

/** The edit distance a word is looked up with: as typed (at most MAX_EDIT_DISTANCE), or by its length when the index lacks it. */
function editDistanceOf(term: string, typed: number, known: boolean): number {
  if (term.length > MAX_FUZZY_TERM_CHARS) return 0;
  if (typed) return Math.min(typed, MAX_EDIT_DISTANCE);
  if (known || /\d/.test(term)) return 0;
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

/** Identifiers (config keys, env vars) as typed, matched whole in the keywords; their words also go the normal way. */
function identifierClauses(text: string, newGroup: () => number): Clause[] {
  const clauses: Clause[] = [];
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(/^[+-]/, '').replace(/[~^]\d*$/, '');
    if (!isIdentifier(token)) continue;
    const group = newGroup();
    for (const key of identifierKeys(token)) clauses.push(keywordClause(key, 12, group));
  }
  return clauses;
}

/**
 * Words typed on the wrong keyboard layout: a whole token (`j,yjdktybt`) is retyped when the index
 * knows none of its words as typed but all of them retyped. Records each retyping in `retyped`.
 */
function retypeWrongLayout(text: string, corpus: Corpus, retyped: Map<string, string>): string {
  // Stop words count as known: a lone «в» must not become `d`.
  const known = (part: string) => words(part).every((w) => isStopWord(w) || corpus.vocabulary.has(stem(w)));
  return text
    .split(/(\s+)/)
    .map((raw) => {
      if (!raw.trim() || /^[+-]|[:~^*]/.test(raw) || known(raw)) return raw;
      const other = switchLayout(raw);
      // Keys that are punctuation on one layout are letters on the other (`,` is «б»): a retyping
      // that breaks a word into scraps (`джобы` → `l;j,s`) is not what the reader meant.
      if (!other || !known(other) || words(other).length > words(raw).length || words(other).some((w) => w.length < 2)) return raw;
      retyped.set(raw, other);
      return other;
    })
    .join('');
}

/** What the word clauses of a query came to: see wordClauses. */
interface WordPlan {
  clauses: Clause[];
  /** Stems of the optional words, with their groups (for the synonyms). */
  optionalWords: Map<string, number>;
  weak: Set<number>;
  shaping: Set<number>;
  verbs: Set<number>;
  api: boolean;
  termsCut: boolean;
}

/** The clauses of lunr's parse of the query, word by word: stems, typo distances, groups, weak words. */
function wordClauses(parsed: lunrTypes.Query, corpus: Corpus, newGroup: () => number): WordPlan {
  const out: WordPlan = {clauses: [], optionalWords: new Map(), weak: new Set(), shaping: new Set(), verbs: new Set(), api: false, termsCut: false};
  let wordCount = 0;
  let fuzzyCount = 0;
  for (const clause of parsed.clauses as (lunrTypes.Query.Clause & {presence?: number})[]) {
    if (wordCount >= MAX_QUERY_TERMS) {
      out.termsCut = true;
      break;
    }
    const base = {fields: (clause.fields ?? [...FIELDS]) as Field[], boost: clause.boost ?? 1, presence: clause.presence ?? PRESENCE.OPTIONAL};
    const prohibited = base.presence === PRESENCE.PROHIBITED;
    // lunr's parser leaves a typed `*` in the term and its wildcard flags unset.
    const wildcard = (clause.wildcard ?? WILDCARD.NONE) | (/^\*/.test(clause.term) ? WILDCARD.LEADING : 0) | (/\*$/.test(clause.term) ? WILDCARD.TRAILING : 0);
    if (wildcard !== WILDCARD.NONE && /[\p{L}\p{N}]/u.test(clause.term)) {
      wordCount++;
      out.clauses.push({...base, term: fold(clause.term), editDistance: 0, wildcard, groups: prohibited ? [] : [newGroup()]});
      continue;
    }
    for (const word of words(clause.term)) {
      if (isStopWord(word) && base.presence === PRESENCE.OPTIONAL) continue;
      if (wordCount++ >= MAX_QUERY_TERMS) {
        out.termsCut = true;
        break;
      }
      const term = stem(word);
      const fuzzy = fuzzyCount < MAX_FUZZY_TERMS ? editDistanceOf(term, clause.editDistance ?? 0, corpus.vocabulary.has(term)) : 0;
      if (fuzzy) fuzzyCount++;
      if (prohibited) {
        out.clauses.push({...base, term, editDistance: fuzzy, wildcard: WILDCARD.NONE, groups: []});
        continue;
      }
      // A word typed twice is one part of the query.
      const group = out.optionalWords.get(term) ?? newGroup();
      if (API_WORDS.has(term)) out.api = true;
      const isWeak =
        base.presence === PRESENCE.OPTIONAL && (WEAK_WORDS.has(term) || API_WORDS.has(term) || PRODUCT_WORDS.has(term)) && (clause.boost ?? 1) === 1;
      if (isWeak) out.weak.add(group);
      if (isWeak && WEAK_WORDS.has(term)) out.shaping.add(group);
      if (isVerb(word, term, corpus)) out.verbs.add(group);
      const boost = isWeak ? WEAK_BOOST : base.boost;
      if (fuzzy > 1 && !clause.editDistance) {
        // A word the index lacks, looked up two edits away: the words one edit away are the likelier
        // typo («обнавление» is «обновление» before «объявление»), so they get a clause of their own.
        out.clauses.push({...base, boost: boost * NEAR_TYPO_SHARE, term, editDistance: 1, wildcard: WILDCARD.NONE, groups: [group]});
        out.clauses.push({...base, boost: boost * (1 - NEAR_TYPO_SHARE), term, editDistance: fuzzy, wildcard: WILDCARD.NONE, groups: [group]});
      } else out.clauses.push({...base, boost, term, editDistance: fuzzy, wildcard: WILDCARD.NONE, groups: [group]});
      if (base.presence === PRESENCE.OPTIONAL && !fuzzy)
        for (const form of fleetingVowelForms(term))
          if (corpus.vocabulary.has(form) && !out.optionalWords.has(form))
            out.clauses.push({...base, boost, term: form, editDistance: 0, wildcard: WILDCARD.NONE, groups: [group]});
      if (base.presence === PRESENCE.OPTIONAL) out.optionalWords.set(term, group);
    }
  }
  return out;
}

/** How much a synonym weighs against the word the reader typed (split among the words of a phrase). */
export const SYNONYM_BOOST = 0.5;

/**
 * Synonyms: a glossary group member found in the query (as a word or a phrase) adds the other
 * members, standing for the words of the member found. `recognized`: the terms of the members found.
 */
function synonymClauses(optionalWords: Map<string, number>, glossary: Glossary, corpus: Corpus): {clauses: Clause[]; recognized: Set<string>} {
  const clauses: Clause[] = [];
  const recognized = new Set<string>();
  for (const synonyms of glossary) {
    const hit = synonyms.find((phrase) => phrase.every((t) => optionalWords.has(t)));
    if (!hit) continue;
    hit.forEach((t) => recognized.add(t));
    const groupsOfHit = [...new Set(hit.map((t) => optionalWords.get(t)!))];
    const added = new Set<string>();
    for (const phrase of synonyms) {
      if (phrase === hit) continue;
      for (const term of phrase) {
        if (optionalWords.has(term) || added.has(term) || !corpus.vocabulary.has(term)) continue;
        added.add(term);
        clauses.push({
          term,
          fields: [...FIELDS],
          boost: SYNONYM_BOOST / phrase.length,
          presence: PRESENCE.OPTIONAL,
          editDistance: 0,
          wildcard: WILDCARD.NONE,
          groups: groupsOfHit,
          synonym: true,
          ...(phrase.length > 1 ? {phrase} : {}),
        });
      }
    }
  }
  return {clauses, recognized};
}

/**
 * A word the glossary knows as typed («мерж» of «мерж реквест») is no typo, though the index may
 * lack it: its clauses look it up as it is, not one or two edits away («держ»), at their whole weight.
 */
function exactWhereRecognized(clauses: Clause[], recognized: Set<string>): Clause[] {
  const out: Clause[] = [];
  const merged = new Map<string, Clause>();
  for (const clause of clauses) {
    if (!clause.editDistance || !recognized.has(clause.term) || clause.presence !== PRESENCE.OPTIONAL) {
      out.push(clause);
      continue;
    }
    const seen = merged.get(clause.term);
    if (seen) seen.boost += clause.boost;
    else {
      const exact = {...clause, editDistance: 0};
      merged.set(clause.term, exact);
      out.push(exact);
    }
  }
  return out;
}

/**
 * An English past participle («pinned posts», «deleted users»): it says which things the query is
 * about, and asks for no action, so it does not name the operation of its verb.
 */
function isParticiple(word: string): boolean {
  return /^[a-z]+ed$/.test(word) && stem(word) !== word;
}

/** Every word of the query as a term, stop words too (past participles not), and the one-word synonyms of each. */
function typedTerms(text: string, glossary: Glossary): Set<string> {
  const typed = new Set(
    words(text)
      .filter((w) => !isParticiple(w))
      .map(stem),
  );
  for (const synonyms of glossary) {
    if (synonyms.some((phrase) => phrase.length === 1 && typed.has(phrase[0]))) for (const phrase of synonyms) if (phrase.length === 1) typed.add(phrase[0]);
  }
  return typed;
}

/**
 * A pasted curl command without the command and its options: `-X POST` is an option, not lunr's
 * «without X», and the request's method, URL, headers and data are what the reader asks about.
 */
export function withoutCommand(query: string): string {
  if (!/^curl\s/i.test(query)) return query;
  return query
    .replace(/^curl\s+/i, '')
    .replace(/(^|\s)--?[a-z][\w-]*/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The query as lunr clauses, or its syntax error. `retyped` lists tokens that were only found
 * on the other keyboard layout (token as typed → retyped); `termsCut` tells that words beyond
 * MAX_QUERY_TERMS were left out.
 */
export function planQuery(query: string, corpus: Corpus, glossary: Glossary): Plan | {error: string} {
  let groups = 0;
  const newGroup = () => groups++;
  const {clauses, rest} = extractApiPaths(withoutCommand(query.trim()), corpus, newGroup);
  clauses.push(...identifierClauses(rest, newGroup));
  const retyped = new Map<string, string>();
  const text = retypeWrongLayout(rest, corpus, retyped);

  const parsed = new lunr.Query([...FIELDS]);
  try {
    new QueryParser(toLunrSyntax(text.replace(/[«»"“”(),;!?]/g, ' '), FIELDS), parsed).parse();
  } catch (error) {
    if (error instanceof lunr.QueryParseError) return {error: translateParseError(error.message, FIELDS)};
    throw error;
  }
  const {clauses: wordPart, optionalWords, weak, shaping, verbs, api, termsCut} = wordClauses(parsed, corpus, newGroup);
  // A misspelt word has the synonyms of the words one edit away from it («адита»: аудит, audit).
  const known = (term: string) => corpus.vocabulary.has(term);
  const corrected = new Map(optionalWords);
  for (const [term, group] of optionalWords)
    if (!known(term)) for (const near of oneEditAway(term, known)) if (!corrected.has(near)) corrected.set(near, group);
  const {clauses: synonyms, recognized} = synonymClauses(corrected, glossary, corpus);
  clauses.push(...exactWhereRecognized(wordPart, recognized), ...synonyms);
  return {clauses, groups, weak, shaping, verbs, api, typed: typedTerms(text, glossary), retyped, termsCut};
}

const ALPHABETS = ['абвгдежзийклмнопрстуфхцчшщъыьэюя', 'abcdefghijklmnopqrstuvwxyz'];

/**
 * The terms `known` holds one edit (a letter left out, added, replaced, or two swapped) from a term
 * the index lacks: what the reader likely meant to type. Words of letters only; none for short ones.
 */
export function oneEditAway(term: string, known: (term: string) => boolean): string[] {
  const alphabet = ALPHABETS.find((a) => [...term].every((c) => a.includes(c)));
  if (!alphabet || term.length < 4 || term.length > MAX_FUZZY_TERM_CHARS) return [];
  const out = new Set<string>();
  for (let i = 0; i <= term.length; i++) {
    const [head, tail] = [term.slice(0, i), term.slice(i)];
    const candidates = [...alphabet].flatMap((c) => [head + c + tail, ...(tail ? [head + c + tail.slice(1)] : [])]);
    if (tail) candidates.push(head + tail.slice(1));
    if (tail.length > 1) candidates.push(head + tail[1] + tail[0] + tail.slice(2));
    for (const candidate of candidates) if (candidate !== term && known(candidate)) out.add(candidate);
  }
  return [...out];
}

/**
 * The body terms a query may look up, to fetch their content chunks before it is planned: the
 * stem of each word (stop words only where the reader required or excluded them) and its other
 * stem with a fleeting vowel (fleetingVowelForms), the glossary's
 * synonyms of those, and what an explicit wildcard's prefix covers. With `known` (the terms of the
 * index loaded so far), also the words of each token that has an unknown word, retyped on the
 * other keyboard layout (planQuery tries that retyping). Typos are corrected against the terms
 * loaded: a misspelt word's chunk holds the words sorting next to it.
 */
export function contentTerms(query: string, glossary: Glossary, known?: (term: string) => boolean): {terms: Set<string>; prefixes: string[]} {
  const out = new Set<string>();
  const prefixes: string[] = [];
  const tokens = cutQuery(query).text.split(/\s+/).filter(Boolean);
  const wordTerms = (token: string) => {
    const required = /^[+-]/.test(token);
    return words(token)
      .filter((w) => required || !isStopWord(w))
      .map(stem);
  };
  for (const token of tokens.slice(0, MAX_QUERY_TERMS * 2)) {
    const star = token.indexOf('*');
    if (star >= 0) {
      // lunr matches a wildcard term unstemmed; a bare `*` matches nothing loaded on purpose.
      const prefix = fold(token.slice(0, star).replace(/^[+-]|^\w+:/g, ''));
      if (prefix) prefixes.push(prefix);
      continue;
    }
    const typed = wordTerms(token);
    for (const term of typed) for (const form of [term, ...fleetingVowelForms(term)]) out.add(form);
    // The words one edit from a misspelt one, for their synonyms (planQuery adds them).
    if (known) for (const term of typed) if (!known(term)) for (const near of oneEditAway(term, known)) out.add(near);
    const other = known && typed.some((t) => !known(t)) ? switchLayout(token.replace(/^[+-]/, '')) : undefined;
    if (other) for (const term of wordTerms(other)) out.add(term);
  }
  for (const group of glossary) {
    if (group.some((phrase) => phrase.every((t) => out.has(t)))) for (const phrase of group) for (const term of phrase) out.add(term);
  }
  return {terms: out, prefixes};
}

/** The content chunks (indexes into the manifest's `content`) holding the body terms a query may look up (see contentTerms). */
export function queryChunks(content: Manifest['content'], query: string, glossary: Glossary, known?: (term: string) => boolean): number[] {
  const {terms, prefixes} = contentTerms(query, glossary, known);
  return chunksOf(content, terms, prefixes);
}

/**
 * Searches the corpus: at most `limit` pages, the best section of each. (A scope of several
 * contexts is searched as one corpus built over their shards: merging per-context results by score
 * ranks worse — R@1 70 % against 80 % on the benchmark — because each shard has its own idf.)
 */
export function search(corpus: Corpus, glossary: Glossary, fullQuery: string, limit = RESULT_LIMIT): SearchResult {
  const {text: query, cut: charsCut} = cutQuery(fullQuery);
  const plan = planQuery(query, corpus, glossary);
  const cut = charsCut ? {chars: MAX_QUERY_CHARS} : 'termsCut' in plan && plan.termsCut ? {terms: MAX_QUERY_TERMS} : undefined;
  if ('error' in plan) return {hits: [], error: plan.error, ...(cut ? {cut} : {})};
  if (plan.clauses.length === 0) return cut ? {hits: [], cut} : {hits: []};
  corpus.expansion.left = MAX_EXPANDED_TERMS;
  const results = corpus.index.query((q) => {
    for (const clause of plan.clauses) {
      q.term(clause.term, {
        fields: clause.fields,
        boost: clause.boost,
        presence: clause.presence,
        // lunr reads a term with an edit distance as a fuzzy string, where `*` would be a letter.
        ...(clause.wildcard === WILDCARD.NONE ? {editDistance: clause.editDistance} : {}),
        wildcard: clause.wildcard,
        usePipeline: false,
      });
    }
  });
  const hits = rankPages(plan, results, corpus, limit);
  const retyped = plan.retyped.size ? retypeQuery(query, plan.retyped) : undefined;
  return {hits, ...(retyped ? {retyped} : {}), ...(cut ? {cut} : {})};
}

/** How much of a query's subject a page must match to keep its score: the share matched, squared. */
export const COVERAGE_POWER = 2;
/** How much of that is asked of one section: a section that holds all of the query is what the reader asked for. */
export const SECTION_COVERAGE_POWER = 1.5;
/** A page whose title or operation name the query's subject fills ranks up to this much higher. */
export const NAME_MATCH_BONUS = 1;
/**
 * How well what a query's verb acts on must fit an operation's title or name (harmonic mean of the
 * shares of each the other covers) for the query to name the operation.
 */
export const OPERATION_NAMED = 0.5;
/**
 * How much a section's heading that asks a question («Можно ли запустить Time без доступа в
 * интернет?», as a page of questions and answers has them) names the section, against a title
 * naming its page: the question is the reader's own, but a guide whose title fits as well comes first.
 */
export const QUESTION_HEADING_FIT = 0.75;
/**
 * The same for a heading that names its section («Шаг 1. Создайте первого администратора»): less
 * than a question, which is the reader's own words.
 */
export const HEADING_FIT = 0.5;
/** How well a heading that is no question must fit the query to name its section at all. */
export const HEADING_NAMED = 0.5;
/** The search context of the API reference and the API cookbook (`config/search.ts`). */
const API_CONTEXT = 'api';
/** How much higher a page of the API section ranks for a query that says it wants the API («через api»). */
export const API_SECTION_BONUS = 2;
/** How much of the bonus an operation named by what it acts on keeps when the query's verb is not its own. */
export const PARAPHRASED_VERB_FIT = 0.5;

/** How well two shares hold together: low when either is. */
function harmonicMean(a: number, b: number): number {
  return a + b ? (2 * a * b) / (a + b) : 0;
}

/** Documents (sections) that hold a term, in any field. */
function documentsWith(corpus: Corpus, term: string): number {
  const posting = (corpus.index as unknown as {invertedIndex: Record<string, Record<string, object> | undefined>}).invertedIndex[term];
  if (!posting) return 0;
  const documents = new Set<string>();
  for (const field of FIELDS) for (const doc of Object.keys(posting[field] ?? {})) documents.add(doc);
  return documents.size;
}

/**
 * How much each part of the query's subject weighs in the share of it a page matches: the square
 * root of its inverse document frequency (as BM25's), so that a page holding the rare word of
 * «подключить redis» covers more of the query than one holding the common verb, while the common
 * word still counts. A part the index lacks as typed (a typo) weighs as the others do on average.
 */
function groupWeights(plan: Plan, counted: Set<number>, corpus: Corpus): Map<number, number> {
  const count = corpus.sections.length;
  const weights = new Map<number, number>();
  for (const group of counted) {
    let weight = 0;
    for (const clause of plan.clauses) {
      if (clause.synonym || !clause.groups.includes(group) || clause.wildcard !== WILDCARD.NONE) continue;
      const n = documentsWith(corpus, clause.term);
      if (n) weight = Math.max(weight, Math.sqrt(Math.log(1 + (count - n + 0.5) / (n + 0.5))));
    }
    weights.set(group, weight);
  }
  const known = [...weights.values()].filter((w) => w > 0);
  const fallback = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  for (const [group, weight] of weights) if (!weight) weights.set(group, fallback);
  return weights;
}

/** The groups of the plan an index term (as matched, after typos and wildcards) stands for. */
function groupsOfTerm(plan: Plan): (term: string) => number[] {
  const exact = new Map<string, number[]>();
  const loose = plan.clauses.filter((c) => c.editDistance || c.wildcard !== WILDCARD.NONE);
  for (const clause of plan.clauses) exact.set(clause.term, [...(exact.get(clause.term) ?? []), ...clause.groups]);
  const cache = new Map<string, number[]>();
  return (term) => {
    let groups = cache.get(term);
    if (groups) return groups;
    groups = [...(exact.get(term) ?? [])];
    for (const clause of loose) {
      const fits = clause.wildcard !== WILDCARD.NONE ? wildcardFits(clause, term) : withinDistance(term, clause.term, clause.editDistance);
      if (fits) groups.push(...clause.groups);
    }
    cache.set(term, groups);
    return groups;
  };
}

function wildcardFits(clause: Clause, term: string): boolean {
  const core = clause.term.replace(/\*/g, '');
  if (clause.wildcard & WILDCARD.LEADING && clause.wildcard & WILDCARD.TRAILING) return term.includes(core);
  if (clause.wildcard & WILDCARD.LEADING) return term.endsWith(core);
  return term.startsWith(core);
}

/** True when `a` is at most `max` edits (insertions, deletions, substitutions, swaps) from `b`. */
export function withinDistance(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let before: number[] = [];
  let previous = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let cost = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cost = Math.min(cost, before[j - 2] + 1);
      row.push(cost);
    }
    before = previous;
    previous = row;
  }
  return previous[b.length] <= max;
}

/**
 * Pages from lunr's section results. BM25 scores each section on its own, which favours a short
 * section that repeats one word of the query over the page that is about all of it; so a page is
 * scored by its best section (its score times the share of the query's subject it holds, to the
 * power SECTION_COVERAGE_POWER), scaled by
 * - how much of the query's subject (weak words aside) the page matches in any of its sections,
 *   each word weighing by how rare it is (groupWeights);
 * - how well the query names the page: the harmonic mean of the share of the query its title (or
 *   an operation's name) holds and the share of that title the query fills (so «лицензия» is the
 *   name of «Лицензирование», not quite of «Загрузить файл лицензии»); a section's overview is
 *   named by the titles of the pages under its address as well, and a section by its heading;
 * - for a query in words, a page of the API reference that the query does not name (with the
 *   operation's verb, or a verb paraphrasing it, and what it acts on) gets no such bonus and is
 *   halved: a reader asking «как обновить сервер» or «задания» wants the guide, one asking
 *   «создать сообщение» wants CreatePost;
 * - for a query that says it wants the API («лимит запросов в api»), a page of the API section
 *   ranks API_SECTION_BONUS higher than a guide to the same words.
 */
function rankPages(plan: Plan, results: lunrTypes.Index.Result[], corpus: Corpus, limit: number): Hit[] {
  const prose = !plan.api && !plan.clauses.some((c) => c.fields.length === 1 && c.fields[0] === 'keywords');
  const groupsOf = groupsOfTerm(plan);
  // A query of weak words only («какие api вообще есть у time») is about its broad topic, not about
  // the words that shape the question.
  const all = [...Array(plan.groups).keys()];
  const subject = all.filter((g) => !plan.weak.has(g));
  const topic = all.filter((g) => !plan.shaping.has(g));
  const counted = new Set(subject.length ? subject : topic.length ? topic : all);
  interface Match {
    groups: Set<number>;
    terms: Set<string>;
  }
  interface Page {
    best: lunrTypes.Index.Result;
    /** The best section's score, scaled by the share of the query's subject it matches. */
    strength: number;
    section: Section;
    matched: Set<number>;
    /** Subject groups matched in the title, and the title's terms that matched them. */
    title: Match;
    /** The same for an operation's name (its words are in the keywords field). */
    name: Match;
    /** Index terms matched anywhere on the page, in its title, and in an operation's name. */
    found: {all: Set<string>; title: Set<string>; name: Set<string>};
  }
  // A synonym from a phrase of several words («хранение данных» for «data retention») stands for
  // the words it replaces only where the whole phrase is found: «данные» alone is not «data retention».
  const phrases = plan.clauses.filter((c) => c.phrase);
  const phraseTerms = new Set(phrases.map((c) => c.term));
  const coveredBy = (found: Iterable<string>): Match => {
    const out: Match = {groups: new Set(), terms: new Set()};
    const terms = new Set(found);
    for (const term of terms) {
      const groups = groupsOf(term).filter((g) => counted.has(g));
      if (!groups.length) continue;
      if (phraseTerms.has(term)) {
        // Only through a complete phrase (or an ordinary clause of the same term).
        const whole = phrases.filter((c) => c.term === term && c.phrase!.every((t) => terms.has(t))).flatMap((c) => c.groups);
        const plain = plan.clauses.filter((c) => c.term === term && !c.phrase).flatMap((c) => c.groups);
        const kept = groups.filter((g) => whole.includes(g) || plain.includes(g));
        if (!kept.length) continue;
        kept.forEach((g) => out.groups.add(g));
      } else groups.forEach((g) => out.groups.add(g));
      out.terms.add(term);
    }
    return out;
  };
  const weights = groupWeights(plan, counted, corpus);
  const total = [...counted].reduce((sum, g) => sum + weights.get(g)!, 0);
  /** The share of the query's subject that `set` matches, each part weighing by how rare it is. */
  const share = (set: Set<number>) => (total ? [...set].reduce((sum, g) => sum + (weights.get(g) ?? 0), 0) / total : 1);
  /**
   * How well the query's `wanted` groups and a title (or name) of `length` terms cover each other:
   * the harmonic mean of both shares; `skip` are terms that do not count (an operation's verb).
   */
  const fitOf = (match: Match, wanted: Set<number>, length: number, skip: (term: string) => boolean = () => false) => {
    const groups = [...match.groups].filter((g) => wanted.has(g)).length;
    const terms = [...match.terms].filter((t) => !skip(t)).length;
    if (!length || !groups) return 0;
    return harmonicMean(groups / wanted.size, Math.min(1, terms / length));
  };
  /**
   * How well the query names a section by its heading. A question the heading asks is the reader's
   * own words (fitOf); a heading that names the section must hold the weightier part of the query,
   * each word weighing by how rare it is, and fit it at least HEADING_NAMED («Подключить узлы» does
   * not name what «подключить redis» asks for).
   */
  const headingFit = (page: Page) => {
    const {heading} = page.section;
    if (!heading) return 0;
    const metadata = page.best.matchData.metadata as Record<string, Record<string, unknown>>;
    const named = coveredBy(Object.keys(metadata).filter((term) => 'heading' in metadata[term]));
    const length = terms(heading).length;
    if (heading.endsWith('?')) return fitOf(named, counted, length) * QUESTION_HEADING_FIT;
    const fit = harmonicMean(share(new Set([...named.groups].filter((g) => counted.has(g)))), Math.min(1, named.terms.size / length));
    return fit < HEADING_NAMED ? 0 : fit * HEADING_FIT;
  };
  const pages = new Map<string, Page>();
  for (const result of results) {
    const section = corpus.sections[Number(result.ref)];
    let page = pages.get(section.url);
    const metadata = result.matchData.metadata as Record<string, Record<string, unknown>>;
    const here = coveredBy(Object.keys(metadata)).groups;
    const strength = result.score * share(here) ** SECTION_COVERAGE_POWER;
    if (!page)
      pages.set(
        section.url,
        (page = {
          best: result,
          strength,
          section,
          matched: new Set(),
          title: {groups: new Set(), terms: new Set()},
          name: {groups: new Set(), terms: new Set()},
          found: {all: new Set(), title: new Set(), name: new Set()},
        }),
      );
    else if (strength > page.strength) Object.assign(page, {best: result, strength, section});
    for (const [term, fields] of Object.entries(metadata)) {
      page.found.all.add(term);
      if ('title' in fields) page.found.title.add(term);
      if ('keywords' in fields && section.operation && /^[\p{L}]+$/u.test(term)) page.found.name.add(term);
    }
  }
  for (const page of pages.values()) {
    page.matched = coveredBy(page.found.all).groups;
    page.title = coveredBy(page.found.title);
    page.name = coveredBy(page.found.name);
  }
  /**
   * For a query in words, how well it names an operation page: an operation is an action on
   * something, so the query names it with a verb and what the verb acts on, which must fill the
   * operation's name or title (its verb aside). `confirmed`: the query holds the operation's verb
   * (or a synonym of it).
   */
  const operationFit = (page: Page, operation: Operation) => {
    const ownVerb = (term: string) => operation.verbs.includes(term);
    const own = new Set(plan.clauses.filter((c) => ownVerb(c.term)).flatMap((c) => c.groups));
    // Another verb of the query counts as what it acts on where the operation's name holds it
    // («get pinned posts»), and not at all elsewhere.
    const inName = new Set([...page.title.groups, ...page.name.groups]);
    const objects = new Set([...counted].filter((g) => !own.has(g) && !(plan.verbs.has(g) && !inName.has(g))));
    const fit =
      objects.size === 0
        ? 0
        : Math.max(fitOf(page.title, objects, page.section.titleTerms - 1, ownVerb), fitOf(page.name, objects, operation.objectWords, ownVerb));
    return {fit: fit < OPERATION_NAMED ? 0 : fit, confirmed: operation.verbs.some((v) => plan.typed.has(v))};
  };
  const fits = new Map<Page, {fit: number; confirmed: boolean}>();
  if (prose) for (const page of pages.values()) if (page.section.operation) fits.set(page, operationFit(page, page.section.operation));
  // A query whose verb names no operation that what it acts on fits paraphrases the verb of the
  // operations that fit («вернуть канал из архива» for «Восстановить канал из архива»): they are
  // named, with less confidence.
  const paraphrase = plan.verbs.size > 0 && ![...fits.values()].some((f) => f.confirmed && f.fit > 0);
  // A section's overview («Руководство по развёртыванию» at /deployment/) leads to the pages under
  // its address, so their titles name it too: when one of them names a part of the query its own
  // title does not («развернуть в кубернетесе»), that page is what the reader asks for, and the
  // overview gets no bonus for its title; when pages of the section name different parts («docker
  // compose или kubernetes»), the overview of them all is named by all they name.
  const overviews = new Map<Page, number>();
  const titled = [...pages.values()].filter((p) => [...p.title.groups].some((g) => !plan.weak.has(g)));
  for (const page of pages.values()) {
    const base = page.section.url.replace(/\/$/, '');
    if (!base) continue;
    const own = page.title.groups;
    const named = titled
      .filter((p) => p !== page && p.section.url.startsWith(`${base}/`))
      .map((p) => [...p.title.groups].filter((g) => !own.has(g) && !plan.weak.has(g)))
      .filter((groups) => groups.length);
    if (!named.length) continue;
    // Pages that each name a part of the query another one does not.
    const apart = named.filter((groups, i) => groups.some((g) => named.some((other, j) => j !== i && !other.includes(g))));
    if (apart.length < 2) overviews.set(page, 0);
    else {
      // As fitOf, the whole of the name filled (it is what the section's pages name).
      const ofQuery = [...new Set([...own, ...named.flat()])].filter((g) => counted.has(g)).length / counted.size;
      overviews.set(page, harmonicMean(ofQuery, 1));
    }
  }
  const ranked = [...pages.values()].map((page) => {
    const operation = page.section.operation;
    let fit: number;
    let unnamed = false;
    const named = fits.get(page);
    if (named && operation) {
      // A single word or a noun phrase («terms of service») names a topic: an operation then gets
      // no bonus for its title and is ranked down. Readers ask for a lookup with the verbs of
      // GET_VERBS, so a paraphrasing verb asks for an operation that changes something.
      const reads = operation.verbs.some((v) => GET_VERBS.includes(v));
      fit = named.confirmed ? named.fit : paraphrase && !reads ? named.fit * PARAPHRASED_VERB_FIT : 0;
      unnamed = fit === 0;
    } else if (overviews.has(page)) fit = overviews.get(page)!;
    else {
      fit = Math.max(
        fitOf(page.title, counted, page.section.titleTerms),
        operation ? fitOf(page.name, counted, operation.objectWords + 1) : 0,
        headingFit(page),
      );
    }
    let score = page.strength * share(page.matched) ** (COVERAGE_POWER - SECTION_COVERAGE_POWER) * (1 + NAME_MATCH_BONUS * fit);
    if (unnamed) score *= OPERATION_WEIGHT_FOR_PROSE;
    if (plan.api && page.section.context === API_CONTEXT) score *= 1 + API_SECTION_BONUS;
    return {page, score};
  });
  ranked.sort((a, b) => b.score - a.score);
  return ranked.slice(0, limit).map(({page, score}) => {
    const {titleTerms: _titleTerms, context: _context, operation: _operation, ...shown} = page.section;
    return {...shown, score, terms: Object.keys(page.best.matchData.metadata)};
  });
}

/** The query with the retyped tokens replaced, keeping the rest as typed. */
function retypeQuery(query: string, retyped: Map<string, string>): string {
  return query
    .split(/(\s+)/)
    .map((raw) => retyped.get(raw) ?? raw)
    .join('');
}
