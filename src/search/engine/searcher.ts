/**
 * Searching a set of shards with lunr (BM25, k1 1.2, b 0.75): the query language is lunr's
 * (`+required -excluded field:term term~1 term^2 term*`), with its own error messages; on top of it
 * every plain word is folded and stemmed like the index, expanded with glossary synonyms, looked up
 * fuzzily when the index lacks it, and retyped on the other keyboard layout when that is what finds
 * it. API paths, config keys, environment variables and operationIds are matched whole against the
 * `keywords` field first.
 */
import type lunrTypes from 'lunr';
import {lunr} from './lunr';
import {decodeFields, FIELDS, type Field, type Shard} from './shard';
import {fold, identifierKeys, isIdentifier, isStopWord, methodPathKey, normalizeApiPath, stem, switchLayout, words} from './text';

/** Field boosts (lunr multiplies a field's BM25 score by these). */
export const FIELD_BOOSTS: Record<Field, number> = {title: 6, heading: 4, keywords: 12, content: 1};
/** At most this many results are returned. */
export const RESULT_LIMIT = 10;
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
  excerpt: string;
  score: number;
  /** Folded words of the query that this hit matched (for highlighting). */
  words: string[];
}

export interface SearchResult {
  hits: Hit[];
  /** The query as searched when some of its words were retyped on the other keyboard layout. */
  retyped?: string;
  /** A syntax error in the query (lunr's message); no hits then. */
  error?: string;
}

/** What a section shows in a result; `operation` marks API operation pages. */
type Section = Omit<Hit, 'score' | 'words'> & {operation: boolean};

/** A built lunr index over some shards, plus what the query expansion needs. */
export interface Corpus {
  index: lunrTypes.Index;
  sections: Section[];
  /** Every term of each field, to tell whether a word exists at all. */
  vocabulary: Set<string>;
  /** Normalised API path templates (`/users/{}/image`) found in the keywords. */
  apiPaths: string[];
}

/** Builds one lunr index over the sections of `shards` (terms are already stemmed). */
export function buildCorpus(shards: Shard[]): Corpus {
  const sections: Section[] = [];
  const vocabulary = new Set<string>();
  const apiPaths = new Set<string>();
  const builder = new lunr.Builder();
  builder.ref('id');
  for (const field of FIELDS) builder.field(field, {boost: FIELD_BOOSTS[field]});
  // Terms arrive ready: the "tokenizer" hands them over, no pipeline runs.
  builder.tokenizer = ((value: unknown) => value) as unknown as typeof lunr.tokenizer;
  builder.metadataWhitelist = [];
  for (const shard of shards) {
    const terms = decodeFields(shard.fields, shard.sections.length);
    shard.sections.forEach(([page, anchor, heading, excerpt], i) => {
      const [url, title, crumbs, operation] = shard.pages[page];
      const id = sections.length;
      sections.push({url, anchor, title, heading, crumbs, excerpt, operation: operation === 1});
      const doc: Record<string, unknown> = {id: String(id)};
      for (const field of FIELDS) {
        doc[field] = terms[i][field];
        for (const term of terms[i][field]) {
          vocabulary.add(term);
          if (field === 'keywords' && term.startsWith('/')) apiPaths.add(term);
        }
      }
      builder.add(doc);
    });
  }
  return {index: builder.build(), sections, vocabulary, apiPaths: [...apiPaths]};
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
  /** The folded word this clause stands for (highlighting). */
  word?: string;
}

const {presence: PRESENCE, wildcard: WILDCARD} = lunr.Query;

/** lunr's query parser (exported by lunr, missing from its type definitions). */
const QueryParser = (lunr as unknown as {QueryParser: new (text: string, query: lunrTypes.Query) => {parse(): void}}).QueryParser;
const METHOD_PATH = /(?:\b(get|post|put|patch|delete|head)\s+)?((?:[a-z]+:\/\/[^\s/]+)?\/[\w{}\-.~/]*[\w}])/gi;

/** API path templates that a pasted path matches (`/channels/abc123/members` → `/channels/{}/members`). */
export function matchApiPaths(path: string, templates: string[]): string[] {
  const wanted = normalizeApiPath(path).split('/');
  return templates.filter((template) => {
    const parts = template.split('/');
    return parts.length === wanted.length && parts.every((part, i) => part === wanted[i] || part === '{}' || wanted[i] === '{}');
  });
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

/**
 * The query as lunr clauses, or lunr's syntax error. `retyped` lists tokens that were only found
 * on the other keyboard layout (token as typed → retyped).
 */
export function planQuery(query: string, corpus: Corpus, glossary: Glossary): {clauses: Clause[]; retyped: Map<string, string>} | {error: string} {
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
      if (!other || !known(other)) return raw;
      retyped.set(raw, other);
      return other;
    })
    .join('');

  const parsed = new lunr.Query([...FIELDS]);
  try {
    new QueryParser(text.replace(/[«»"“”(),;!?]/g, ' '), parsed).parse();
  } catch (error) {
    if (error instanceof lunr.QueryParseError) return {error: error.message};
    throw error;
  }

  const optionalWords: string[] = [];
  for (const clause of parsed.clauses as (lunrTypes.Query.Clause & {presence?: number})[]) {
    const base = {fields: (clause.fields ?? [...FIELDS]) as Field[], boost: clause.boost ?? 1, presence: clause.presence ?? PRESENCE.OPTIONAL};
    if (clause.wildcard && clause.wildcard !== WILDCARD.NONE) {
      clauses.push({...base, term: fold(clause.term), editDistance: 0, wildcard: clause.wildcard});
      continue;
    }
    const parts = words(clause.term);
    for (const word of parts) {
      if (isStopWord(word) && base.presence === PRESENCE.OPTIONAL) continue;
      const term = stem(word);
      const typed = clause.editDistance ?? 0;
      const fuzzy = typed || (has(term) || /\d/.test(term) ? 0 : term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);
      clauses.push({...base, term, editDistance: fuzzy, wildcard: WILDCARD.NONE, word});
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
  return {clauses, retyped};
}

/** Searches the corpus: at most `limit` pages, best section of each. */
export function search(corpus: Corpus, glossary: Glossary, query: string, limit = RESULT_LIMIT): SearchResult {
  const plan = planQuery(query, corpus, glossary);
  if ('error' in plan) return {hits: [], error: plan.error};
  if (plan.clauses.length === 0) return {hits: []};
  const results = corpus.index.query((q) => {
    for (const clause of plan.clauses) {
      q.term(clause.term, {fields: clause.fields, boost: clause.boost, presence: clause.presence, editDistance: clause.editDistance, wildcard: clause.wildcard, usePipeline: false});
    }
  });
  const wordsByTerm = new Map(plan.clauses.filter((c) => c.word).map((c) => [c.term, c.word!]));
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
    const matched = Object.keys(result.matchData.metadata).map((t) => wordsByTerm.get(t) ?? t);
    const {operation: _operation, ...shown} = section;
    hits.push({...shown, score, words: [...new Set(matched)]});
    if (hits.length === limit) break;
  }
  const retyped = plan.retyped.size ? retypeQuery(query, plan.retyped) : undefined;
  return retyped ? {hits, retyped} : {hits};
}

/** The query with the retyped tokens replaced, keeping the rest as typed. */
function retypeQuery(query: string, retyped: Map<string, string>): string {
  return query
    .split(/(\s+)/)
    .map((raw) => retyped.get(raw) ?? raw)
    .join('');
}
