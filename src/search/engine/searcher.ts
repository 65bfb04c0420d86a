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
import {FIELDS, fragmentOf, postingLines, readPostings, type Field, type PostingLine, type Shard} from './shard';
import {fold, identifierKeys, isIdentifier, isStopWord, methodPathKey, normalizeApiPath, stem, switchLayout, words} from './text';

/** Field boosts (lunr multiplies a field's BM25 score by these). */
export const FIELD_BOOSTS: Record<Field, number> = {title: 6, heading: 4, keywords: 12, content: 1};
/**
 * Operation pages are short and titled with the verbs of everyday questions («Обновить команду»),
 * so for a query in words (no API path, key or identifier) their scores are scaled down: a reader
 * asking «как обновить сервер» wants the guide; one pasting `PUT /teams/{id}` gets the operation.
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

/** What a section shows in a result; `operation` marks API operation pages. */
type Section = Omit<Hit, 'score' | 'terms'> & {operation: boolean};

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
}

/** BM25 parameters (SPEC §9; lunr's defaults). */
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

/** Metadata of a posting: nothing is recorded (no positions), so one shared empty object. */
const NO_METADATA = Object.freeze(Object.create(null) as object);

/**
 * Builds one lunr index over the sections of `shards`. The shards already hold postings, so the
 * index is assembled from them directly instead of feeding every section through lunr.Builder
 * (which re-counts each term of each section): the same inverted index, field vectors and scores
 * as the builder's (tests/unit/search-engine.test.ts compares them), in about a third of the time,
 * which is most of the wait before the first results on a cold page.
 */
export function buildCorpus(shards: Shard[]): Corpus {
  const sections: Section[] = [];
  for (const shard of shards) {
    const before = new Map<number, number>(); // sections of each page so far
    for (const [page, anchor, heading] of shard.sections) {
      const [url, title, crumbs, operation, fragments] = shard.pages[page];
      const number = before.get(page) ?? 0;
      before.set(page, number + 1);
      sections.push({url, anchor, title, heading, crumbs, fragment: fragmentOf(fragments, number), operation: operation === 1});
    }
  }
  const count = sections.length;

  // The inverted list lines of every field, with the number of their shard's first section.
  const lines: (PostingLine & {field: Field; offset: number})[] = [];
  let offset = 0;
  for (const shard of shards) {
    for (const field of FIELDS) {
      for (const line of postingLines(shard.fields, field)) lines.push({...line, field, offset});
    }
    offset += shard.sections.length;
  }

  // Term numbers follow the sorted vocabulary, so each field vector is filled in ascending order.
  const vocabulary = new Set(lines.map((l) => l.term));
  const sorted = [...vocabulary].sort();
  const termIndex = new Map(sorted.map((term, i) => [term, i]));
  const lengths: Record<Field, Float64Array> = {title: new Float64Array(count), heading: new Float64Array(count), keywords: new Float64Array(count), content: new Float64Array(count)};
  const entries: Record<Field, number[][]> = {title: [], heading: [], keywords: [], content: []};
  for (const field of FIELDS) for (let i = 0; i < count; i++) entries[field].push([]);
  // Documents per term, summed over the fields (what lunr.idf counts).
  const documentsWithTerm = new Float64Array(sorted.length);
  const linesOfTerm: number[][] = sorted.map(() => []);
  lines.forEach((line, n) => {
    const index = termIndex.get(line.term)!;
    documentsWithTerm[index] += line.cells.length - 1;
    linesOfTerm[index].push(n);
    readPostings(line, line.offset, count, (section, tf) => {
      lengths[line.field][section] += tf;
      entries[line.field][section].push(index, tf);
    });
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
        readPostings(line, line.offset, count, (section) => {
          docs[section] = NO_METADATA;
        });
      }
      return (target[term] = posting);
    },
  });

  // lunr.idf, from the counts.
  const idf = documentsWithTerm.map((n) => Math.log(1 + Math.abs((count - n + 0.5) / (n + 0.5))));
  const fieldVectors: Record<string, object> = Object.create(null);
  for (const field of FIELDS) {
    const average = lengths[field].reduce((sum, n) => sum + n, 0) / count;
    const boost = FIELD_BOOSTS[field];
    for (let doc = 0; doc < count; doc++) {
      const pairs = entries[field][doc];
      const length = lengths[field][doc];
      const elements: number[] = [];
      for (let i = 0; i < pairs.length; i += 2) {
        const tf = pairs[i + 1];
        const score = ((idf[pairs[i]] * ((BM25.k1 + 1) * tf)) / (BM25.k1 * (1 - BM25.b + BM25.b * (length / average)) + tf)) * boost;
        elements.push(pairs[i], Math.round(score * 1000) / 1000);
      }
      fieldVectors[`${field}/${doc}`] = new lunrParts.Vector(elements);
    }
  }

  const expansion = {left: MAX_EXPANDED_TERMS};
  const tokenSet = budgetedTokenSet(lunrParts.TokenSet.fromArray(sorted), expansion);
  const index = new lunrParts.Index({invertedIndex, fieldVectors, tokenSet, fields: [...FIELDS], pipeline: new lunrParts.Pipeline()});
  const apiPaths = [...new Set(lines.filter((l) => l.field === 'keywords' && l.term.startsWith('/')).map((l) => l.term))];
  return {index, sections, vocabulary, apiPaths, expansion};
}

/* ------------------------------------------------------------------------------------------------
 * Glossary
 */

/** Synonym groups, each term as its stemmed words (`единый вход` → `['един', 'вход']`). */
export type Glossary = string[][][];

export function prepareGlossary(groups: string[][]): Glossary {
  return groups.map((group) => group.map((phrase) => words(phrase).filter((w) => !isStopWord(w)).map(stem)).filter((phrase) => phrase.length > 0));
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
function extractApiPaths(query: string, corpus: Corpus): {clauses: Clause[]; rest: string} {
  const clauses: Clause[] = [];
  const rest = query.replace(METHOD_PATH, (whole, method: string | undefined, path: string) => {
    if (!/\/[\w{}]/.test(path)) return whole;
    const templates = matchApiPaths(path, corpus.apiPaths);
    for (const template of templates) {
      clauses.push(keywordClause(template, 20));
      if (method) clauses.push(keywordClause(methodPathKey(method, template), 40));
    }
    return templates.length ? ' ' : whole.replace(/[/{}]/g, ' ');
  });
  return {clauses, rest};
}

function keywordClause(term: string, boost: number): Clause {
  return {term, fields: ['keywords'], boost, presence: PRESENCE.OPTIONAL, editDistance: 0, wildcard: WILDCARD.NONE};
}

/** The edit distance a word is looked up with: as typed (at most MAX_EDIT_DISTANCE), or by its length when the index lacks it. */
function editDistanceOf(term: string, typed: number, known: boolean): number {
  if (term.length > MAX_FUZZY_TERM_CHARS) return 0;
  if (typed) return Math.min(typed, MAX_EDIT_DISTANCE);
  if (known || /\d/.test(term)) return 0;
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

/**
 * The query as lunr clauses, or its syntax error. `retyped` lists tokens that were only found
 * on the other keyboard layout (token as typed → retyped); `termsCut` tells that words beyond
 * MAX_QUERY_TERMS were left out.
 */
export function planQuery(query: string, corpus: Corpus, glossary: Glossary): {clauses: Clause[]; retyped: Map<string, string>; termsCut: boolean} | {error: string} {
  const {clauses, rest} = extractApiPaths(query.trim(), corpus);
  const retyped = new Map<string, string>();

  // Identifiers are matched whole in the keywords (their words also go through the normal path).
  for (const raw of rest.split(/\s+/)) {
    const token = raw.replace(/^[+-]/, '').replace(/[~^]\d*$/, '');
    if (isIdentifier(token)) {
      for (const key of identifierKeys(token)) clauses.push(keywordClause(key, 12));
    }
  }

  // Words typed on the wrong keyboard layout: a whole token (`j,yjdktybt`) is retyped when the
  // index knows none of its words as typed but all of them retyped.
  const has = (term: string) => corpus.vocabulary.has(term);
  // Stop words count as known: a lone «в» must not become `d`.
  const known = (text: string) => words(text).every((w) => isStopWord(w) || has(stem(w)));
  const text = rest
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

  const parsed = new lunr.Query([...FIELDS]);
  try {
    new QueryParser(toLunrSyntax(text.replace(/[«»"“”(),;!?]/g, ' '), FIELDS), parsed).parse();
  } catch (error) {
    if (error instanceof lunr.QueryParseError) return {error: translateParseError(error.message, FIELDS)};
    throw error;
  }

  const optionalWords: string[] = [];
  let wordCount = 0;
  let fuzzyCount = 0;
  let termsCut = false;
  for (const clause of parsed.clauses as (lunrTypes.Query.Clause & {presence?: number})[]) {
    if (wordCount >= MAX_QUERY_TERMS) {
      termsCut = true;
      break;
    }
    const base = {fields: (clause.fields ?? [...FIELDS]) as Field[], boost: clause.boost ?? 1, presence: clause.presence ?? PRESENCE.OPTIONAL};
    if (clause.wildcard && clause.wildcard !== WILDCARD.NONE) {
      wordCount++;
      clauses.push({...base, term: fold(clause.term), editDistance: 0, wildcard: clause.wildcard});
      continue;
    }
    const parts = words(clause.term);
    for (const word of parts) {
      if (isStopWord(word) && base.presence === PRESENCE.OPTIONAL) continue;
      if (wordCount++ >= MAX_QUERY_TERMS) {
        termsCut = true;
        break;
      }
      const term = stem(word);
      const fuzzy = fuzzyCount < MAX_FUZZY_TERMS ? editDistanceOf(term, clause.editDistance ?? 0, has(term)) : 0;
      if (fuzzy) fuzzyCount++;
      clauses.push({...base, term, editDistance: fuzzy, wildcard: WILDCARD.NONE});
      if (base.presence === PRESENCE.OPTIONAL) optionalWords.push(term);
    }
  }

  // Synonyms: a group member found in the query (as a word or a phrase) adds the other members.
  const present = new Set(optionalWords);
  for (const group of glossary) {
    const hit = group.find((phrase) => phrase.every((t) => present.has(t)) && (phrase.length > 1 || present.has(phrase[0])));
    if (!hit) continue;
    for (const phrase of group) {
      if (phrase === hit) continue;
      for (const term of phrase) {
        if (!present.has(term) && has(term)) clauses.push({term, fields: [...FIELDS], boost: 0.6 / phrase.length, presence: PRESENCE.OPTIONAL, editDistance: 0, wildcard: WILDCARD.NONE});
      }
    }
  }
  return {clauses, retyped, termsCut};
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
      q.term(clause.term, {fields: clause.fields, boost: clause.boost, presence: clause.presence, editDistance: clause.editDistance, wildcard: clause.wildcard, usePipeline: false});
    }
  });
  const prose = !plan.clauses.some((c) => c.fields.length === 1 && c.fields[0] === 'keywords');
  const ranked = results
    .map((result) => ({result, section: corpus.sections[Number(result.ref)]}))
    .map((r) => ({...r, score: r.result.score * (prose && r.section.operation ? OPERATION_WEIGHT_FOR_PROSE : 1)}))
    .sort((a, b) => b.score - a.score);
  const seen = new Set<string>();
  const hits: Hit[] = [];
  for (const {result, section, score} of ranked) {
    if (seen.has(section.url)) continue;
    seen.add(section.url);
    const {operation: _operation, ...shown} = section;
    hits.push({...shown, score, terms: Object.keys(result.matchData.metadata)});
    if (hits.length === limit) break;
  }
  const retyped = plan.retyped.size ? retypeQuery(query, plan.retyped) : undefined;
  return {hits, ...(retyped ? {retyped} : {}), ...(cut ? {cut} : {})};
}

/** The query with the retyped tokens replaced, keeping the rest as typed. */
function retypeQuery(query: string, retyped: Map<string, string>): string {
  return query
    .split(/(\s+)/)
    .map((raw) => retyped.get(raw) ?? raw)
    .join('');
}
