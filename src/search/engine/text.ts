/**
 * Text handling shared by the index builder (Node, at build time) and the search worker (browser):
 * both sides must turn words into exactly the same terms.
 *
 * - Case and `ё` are folded (`Ёлка` → `елка`).
 * - Words are runs of letters, digits and `_` (so `TIME_SERVICESETTINGS_SITEURL` stays one word,
 *   `ServiceSettings.SiteURL` becomes `servicesettings` + `siteurl`); a number written with
 *   thousands separators («3 000») is one word (`3000`).
 * - Words made of letters only are stemmed: Cyrillic with the Snowball Russian stemmer, Latin with
 *   Porter (both from lunr / lunr-languages). Words with digits or `_` are kept as written.
 * - Russian and English stop words are dropped.
 */
import {lunr} from './lunr';

/**
 * A thousands separator in a Russian number: a no-break, narrow no-break or thin space («3 000»,
 * «65 536»). The reader types the number whole.
 */
const SEPARATOR = '[\\u00a0\\u202f\\u2009]';
const SEPARATORS = new RegExp(SEPARATOR, 'g');
const LONE_SEPARATOR = new RegExp(`^${SEPARATOR}$`);

/**
 * A word: a run of letters, digits and `_`, or a number with thousands separators (global: code
 * that calls exec() needs its own copy).
 */
export const WORD = new RegExp(`\\d{1,3}(?:${SEPARATOR}\\d{3})+(?![\\p{L}\\p{N}_])|[\\p{L}\\p{N}_]+`, 'gu');
const CYRILLIC_WORD = /^[а-я]+$/;
const LATIN_WORD = /^[a-z]+$/;

/** Lower case, `ё` as `е`. */
export function fold(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/** A word of WORD as the reader types it: a number without its thousands separators («3 000» → «3000»). */
export function joinThousands(word: string): string {
  return word.replace(SEPARATORS, '');
}

/** Runs of white space as one space, but for a thousands separator between digits, which WORD needs. */
export function squeezeSpace(text: string): string {
  return text
    .replace(/\s+/g, (run: string, at: number, all: string) => (LONE_SEPARATOR.test(run) && /\d/.test(all[at - 1]) && /\d/.test(all[at + 1] ?? '') ? run : ' '))
    .trim();
}

/** The words of a text, folded, in order (no stemming); a number with thousands separators is one word. */
export function words(text: string): string[] {
  return (fold(text).match(WORD) ?? []).map(joinThousands);
}

const ruStem = lunr.ru.stemmer as unknown as (token: lunr.Token) => lunr.Token;
const enStem = lunr.stemmer as unknown as (token: lunr.Token) => lunr.Token;
const ruStop = lunr.ru.stopWordFilter as unknown as (token: lunr.Token) => lunr.Token | undefined;
const enStop = lunr.stopWordFilter as unknown as (token: lunr.Token) => lunr.Token | undefined;

/**
 * Words of the Russian stop list that name what this documentation is about: time limits and
 * lifetimes («время жизни токена»), names («имя пользователя»), periods («каждый день», «раз в
 * год»), sizes («на 3 тысячи человек») and order («первый вход»). Their other forms («первого»,
 * «жизни», «дней») are on no list, so dropping these made «первый вход» a search for «вход» alone.
 */
const RUSSIAN_CONTENT_WORDS = new Set([
  'время',
  'времени',
  'жизнь',
  'имя',
  'день',
  'год',
  'года',
  'году',
  'лет',
  'первый',
  'второй',
  'третий',
  'человек',
  'тысяч',
  'процентов',
]);

/** True for a word the stop lists drop (`и`, `в`, `the`, `of`…). */
export function isStopWord(word: string): boolean {
  if (RUSSIAN_CONTENT_WORDS.has(word)) return false;
  const token = new lunr.Token(word, {});
  return ruStop(token) === undefined || enStop(token) === undefined;
}

/** The term of one folded word: its stem when it is all letters, else the word itself. */
export function stem(word: string): string {
  if (CYRILLIC_WORD.test(word)) return ruStem(new lunr.Token(word, {})).toString();
  if (LATIN_WORD.test(word)) return enStem(new lunr.Token(word, {})).toString();
  return word;
}

/** The index terms of a text: folded words without stop words, stemmed. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    if (!isStopWord(word)) out.push(stem(word));
  }
  return out;
}

/* ------------------------------------------------------------------------------------------------
 * Identifiers readers paste: API paths, config keys, environment variables, operationIds.
 * They are indexed whole, in the `keywords` field, besides their words in the text.
 */

const API_PREFIX = /^\/api\/v\d+(?=\/|$)/i;

/**
 * The form an API path is indexed and looked up in: lower case, without scheme, host and the
 * `/api/vN` prefix, path parameters as `{}` (`/API/v4/users/{user_id}/image` → `/users/{}/image`).
 */
export function normalizeApiPath(path: string): string {
  const withoutHost = path.replace(/^[a-z]+:\/\/[^/]+/i, '');
  const bare = withoutHost
    .split(/[?#]/)[0]
    .replace(API_PREFIX, '')
    .replace(/\{[^}/]*\}/g, '{}')
    .replace(/\/+$/, '');
  return fold(bare || '/');
}

/** The keyword for an operation's method and path: `post:/posts`. */
export function methodPathKey(method: string, path: string): string {
  return `${method.toLowerCase()}:${normalizeApiPath(path)}`;
}

/** True when `word` reads as a code identifier rather than prose: `SiteURL`, `TIME_A_B`, `a.b`. */
export function isIdentifier(word: string): boolean {
  return (
    /^[A-Za-z][A-Za-z0-9]*(?:[._][A-Za-z0-9]+)+$/.test(word) ||
    /^[a-z]+[A-Z][A-Za-z0-9]*$/.test(word) ||
    /^[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*$/.test(word) ||
    /^[A-Z]+[a-z]+[A-Z][A-Za-z0-9]*$/.test(word)
  );
}

/** Keywords for a config key: the full key and its last part (`servicesettings.siteurl`, `siteurl`). */
export function identifierKeys(identifier: string): string[] {
  const key = fold(identifier);
  const last = key.split('.').pop()!;
  return last === key ? [key] : [key, last];
}

/* ------------------------------------------------------------------------------------------------
 * Wrong keyboard layout: text typed on the Latin layout while meaning Russian, and the reverse
 * (standard Russian ЙЦУКЕН and US QWERTY layouts).
 */

const LATIN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const CYRILLIC_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const toCyrillic = new Map([...LATIN_KEYS].map((c, i) => [c, CYRILLIC_KEYS[i]]));
const toLatin = new Map([...CYRILLIC_KEYS].map((c, i) => [c, LATIN_KEYS[i]]));

/** Keys that type the same character on both layouts and join words: `slack-time-proxy` keeps its hyphens. */
const SAME_ON_BOTH = new Set(['-']);

/**
 * The same keystrokes on the other layout, or undefined when the word is not all on one layout.
 * Latin words become Cyrillic (`yfcnhjqrf` → `настройка`), Cyrillic become Latin (`двфз` → `ldap`,
 * `ыдфсл-ешьу` → `slack-time`).
 */
export function switchLayout(word: string): string | undefined {
  const lower = word.toLowerCase();
  const chars = [...lower];
  const keys = chars.filter((c) => !SAME_ON_BOTH.has(c));
  if (keys.length === 0) return undefined;
  const retype = (map: Map<string, string>) => chars.map((c) => map.get(c) ?? c).join('');
  if (keys.every((c) => toCyrillic.has(c))) return retype(toCyrillic);
  if (keys.every((c) => toLatin.has(c))) return retype(toLatin);
  return undefined;
}
