/**
 * Proofreading of the built site: spelling, typography and glossary of the prose a reader
 * gets.
 *
 * It reads the HTML pages, not the sources: a page's text comes from many places (Markdown guides,
 * the OpenAPI descriptions, the settings catalogue in data/, UI strings in i18n/ and src/) and only
 * the page shows it whole. Per page it takes the `<title>`, the meta description and the main
 * content (`main article`, else `main`); leaves out code (`pre`, `code`, `kbd`, `samp`, `var`, Prism
 * tokens, the API code panels), SVG, scripts and styles; and splits the rest into blocks (paragraphs,
 * list items, cells, headings, definitions, captions, admonitions…). Inline code, and Markdown code
 * spans that reach a meta description as text, become {@link CODE}: neither check reads code, yet
 * `"<code>x</code>"` still shows straight quotes around something.
 *
 * Spelling: cspell-lib 9.8 (the newest cspell that runs on Node 20: 10.x needs Node 22) with the
 * Russian and English dictionaries and the project's word list (cspell.config.yaml,
 * config/cspell-words.txt).
 *
 * Typography: a block fails where Typograf (locale ru + en-US) would change it. Every Typograf rule
 * is off except these, which are what CONTRIBUTING.md asks for and leave ports, versions, addresses, times
 * and keys alone:
 * - common/punctuation/quote — «ёлочки» outside, „лапки“ inside, never "…" or “…”;
 * - ru/dash/main — a hyphen, `--` or en dash between spaces is an em dash « — » (after an ordinary
 *   or a non-breaking space: both are accepted);
 * - ru/dash/time, years, month, weekday, daysMonth, decade, centuries — an en dash in ranges of
 *   times (10:00–12:00), years, months, weekdays, days, decades and centuries;
 * - ru/number/ordinals — 5-й, not 5-ый; common/symbols/arrow — `->` in a menu path is «→»;
 * - common/punctuation/hellip — three dots are «…»;
 * and the project's own rules, registered with Typograf under the same naming scheme:
 * - ru/dash/numberRange — 2–3 ГБ: an en dash without spaces between two numbers; not in dates
 *   (2024-01-15), phone numbers, versions, x86-64 or standards (ISO 3166-1), which have more parts,
 *   letters or an acronym before them;
 * - ru/dash/spaced — an em dash between two words has spaces around it;
 * - ru/nbsp/unit — a non-breaking space between a number and a unit of size, time, frequency or
 *   cores (16 ГБ, 200 мс, 30 секунд, 4 ядра); the bare «с» (seconds) is left out: it is also «with»;
 * - ru/number/thousands — 10 000 and more grouped by threes with a non-breaking (U+00A0, as in the
 *   sources) or narrow non-breaking space (U+202F): an ordinary space in a group is wrong, and a bare
 *   number of five digits or more is wrong when a word follows it (10000 пользователей), unless it
 *   follows «порт», «код», «ошибка», «номер», UDP, TCP or ID — ports (65535) and codes stay as written.
 * Text quoted as the product shows it is not checked ({@link AS_SHOWN}).
 *
 * Glossary: the words CONTRIBUTING.md's glossary rules out for a concept, in any of their forms
 * ({@link GLOSSARY}). «Ветка» and «логин» are left out: besides a thread and the act of signing in they
 * name a git or directory branch and the user name typed at sign-in, which the guides need.
 *
 * Left off, and why:
 * - common/nbsp/afterShortWord, afterShortWordByList, beforeShortLastWord and the nbsp before a dash
 *   — a tool places them better than a writer: plugins/rehype-typography adds them to rendered
 *   Markdown; titles and interface strings are not worth invisible characters in the sources;
 * - common/nbsp/afterNumber — binds a number to any next word («порты 80 и 443»), not only units;
 * - common/number/digitGrouping — groups every port, ID and timestamp of five digits or more;
 * - common/space/* and common/punctuation/delDoublePunctuation — they rewrite spaces around dots and
 *   colons that belong to file names (`.env`), paths and times;
 * - common/number/times, mathSigns, fraction, common/symbols/copy — `1920x1080`, `>=`, `1/2` and
 *   «(c)» in a list are meant literally in technical prose;
 * - ru/dash/to, kakto, koe, ka, izza, izpod, taki, de, surname, directSpeech — hyphenation and
 *   dialogue rules that misfire («так же, как то, что…»); spelling catches the rest;
 * - ru/typo/switchingKeyboardLayout — Latin letters in a Cyrillic word: the spelling check finds them;
 * - ru/money/*, ru/date/*, ru/other/*, ru/optalign/*, common/html/* — they format or mark up values
 *   (ISO dates in the API are values, not prose) rather than check typography.
 */
import fs from 'node:fs';
import path from 'node:path';
import type * as cheerio from 'cheerio';
import {diffChars} from 'diff';
import type {AnyNode, Element} from 'domhandler';
import Typograf from 'typograf';
import {groupThousands} from '../../plugins/rehype-typography';
import {builtHtmlFiles, readPage} from '../../plugins/shared/built-site';

export interface ProofreadProblem {
  /** The page's path on the site, e.g. `/deployment/install/docker-compose/`. */
  page: string;
  kind: 'spelling' | 'typography' | 'glossary';
  /** Spelling: the unknown word. Typography: the fragment as written. */
  text: string;
  /** Spelling and glossary: the words around it. Typography: the fragment as it should be written. */
  context: string;
  /** Typography: the Typograf rules that would change the block. */
  rules?: string[];
  /** Spelling: how many times the word occurs on the page. */
  count?: number;
  /** Spelling: where the word first occurs in the page's text (its blocks joined by newlines). */
  offset?: number;
}

/** The reader's text of one page: title, description and the blocks of the main content. */
export interface PageText {
  page: string;
  blocks: string[];
}

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const CSPELL_CONFIG = path.join(REPO_ROOT, 'cspell.config.yaml');

/** Stands for an inline code span in a block: neither checker looks into code. */
export const CODE = '\uE000';

/**
 * Elements left out with their text. Inline code among them (a `code`, `kbd`, `samp`, `var` or a
 * Prism `span.token`) becomes {@link CODE}; a code block ends the block of prose before it.
 */
const SKIP =
  'pre, code, kbd, samp, var, svg, script, style, template, noscript, .hash-link, .token, [class*="prism-code"], [class*="openapi-explorer__code-block"], [class*="codeBlock"]';
const INLINE_CODE = new Set(['code', 'kbd', 'samp', 'var', 'span']);
/** Left-out elements that leave nothing behind: graphics and scripts. */
const SILENT = new Set(['svg', 'script', 'style', 'template', 'noscript']);
/** Elements that do not start a new block: their text joins the text around them. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'cite',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'img',
  'ins',
  'label',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'wbr',
]);

/**
 * The text as a reader sees it: whitespace collapsed as HTML does (non-breaking spaces kept: the
 * check is about them), and Markdown code spans that reach the page as text (the API's meta
 * descriptions) taken as code.
 */
function collapse(text: string): string {
  return text
    .replace(/[\u200B\u00AD]/g, '')
    .replace(/[ \t\r\n\f]+/g, ' ')
    .replace(/`[^`]+`/g, CODE)
    .trim();
}

/** The blocks of prose below `root`, in document order; each block's own text only. */
function collectBlocks($: cheerio.CheerioAPI, root: Element): string[] {
  const skip = new Set($(root).find(SKIP).toArray());
  const blocks: string[] = [];
  let current = '';
  const flush = () => {
    const text = collapse(current);
    if (text.replaceAll(CODE, '').trim()) blocks.push(text);
    current = '';
  };
  const visit = (node: AnyNode) => {
    if (node.type === 'text') {
      current += (node as unknown as {data: string}).data;
      return;
    }
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return;
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (skip.has(element)) {
      if (INLINE_CODE.has(tag)) current += CODE;
      else if (!INLINE.has(tag) && !SILENT.has(tag)) flush();
      return;
    }
    if (tag === 'br') current += ' ';
    const block = !INLINE.has(tag);
    if (block) flush();
    element.children.forEach(visit);
    if (block) flush();
  };
  visit(root);
  return blocks;
}

/**
 * The reader's text of a built page, or undefined for a page without a `main` (the redirect stubs of
 * @docusaurus/plugin-client-redirects).
 */
export function extractPage(html: string): string[] | undefined {
  const {$, main, description} = readPage(html);
  if (!main) return undefined;
  const head = [$('head > title').first().text(), description].map(collapse);
  return [...head.filter(Boolean), ...collectBlocks($, main)];
}

/** Every page of a built site with its text; throws when the folder holds no page at all. */
export function loadPages(dir: string): PageText[] {
  const pages = builtHtmlFiles(dir).flatMap(({route, file}) => {
    const blocks = extractPage(fs.readFileSync(file, 'utf8'));
    return blocks ? [{page: route, blocks}] : [];
  });
  if (pages.length === 0) throw new Error(`No HTML pages with a <main> element in ${dir}: build the site first (npm run build)`);
  return pages;
}

/** Units that a number is bound to with a non-breaking space (CONTRIBUTING.md: 16 ГБ, 200 мс). */
const UNITS = [
  'Б',
  'байт(?:а|ов)?',
  'бит(?:а|ов)?',
  '[КМГТП]Б',
  '[КМГТ]иБ',
  '[КМГТ]байт(?:а|ов)?',
  '(?:кило|мега|гига|тера)байт(?:а|ов)?',
  '[КМГ]бит/с',
  '[KMGT]i?B',
  '[KMG]bps',
  'мкс',
  'мс',
  'нс',
  'сек',
  'секунд[аыу]?',
  'мин',
  'минут[аыу]?',
  'ч',
  'час(?:а|ов)?',
  'дн(?:я|ей)',
  'день',
  'сут(?:ки|ок)',
  'недел[иьюя]',
  'месяц(?:а|ев)?',
  'мес',
  'год(?:а|у)?',
  'лет',
  'ms',
  '[кМГ]?Гц',
  'ядр(?:о|а|ер)',
  'v?CPU',
].join('|');

/** Spaces that may separate groups of digits; only the non-breaking ones are right in prose. */
const GROUP_SPACE = '[ \\u2009\\u00A0\\u202F]';
/** Words after which a long number is an identifier, not a quantity: «порт 10000», «ошибка 50001». */
const NOT_QUANTITY = '(?:[Пп]орт\\p{L}*|[Кк]од\\p{L}*|[Оо]шибк\\p{L}*|[Нн]омер\\p{L}*|UDP|TCP|ID|id)[ \\u00A0]';

/** The project's rules, in Typograf's naming scheme (see the header for what each one does). */
const PROJECT_RULES: {name: string; index?: string; handler: (text: string) => string}[] = [
  {
    name: 'ru/dash/numberRange',
    // Before ru/dash/main (index -5), which would make «2 – 3» an em dash.
    index: '-10',
    // Not after an acronym: «ISO 3166-1» and «RFC 6749» name a standard, not a range.
    handler: (text) => text.replace(/(^|[\s(«„])(?<![A-ZА-ЯЁ]{2,}\s)(\d+(?:,\d+)?)(?:-|—| ?– ?)(\d+(?:,\d+)?)(?![\d\-–—:/]|[.,]\d|\p{L})/gu, '$1$2–$3'),
  },
  {
    name: 'ru/dash/spaced',
    handler: (text) => text.replace(/([\p{L}»)])—([\p{L}«(])/gu, '$1 — $2'),
  },
  {
    name: 'ru/nbsp/unit',
    handler: (text) => text.replace(new RegExp(`(\\d) ?(${UNITS})(?![\\p{L}\\d])`, 'gu'), '$1\u00A0$2'),
  },
  {
    name: 'ru/number/thousands',
    handler: (text) =>
      text
        // 10 000 with an ordinary or a thin space: the number could break across two lines.
        .replace(new RegExp(`(?<![\\d.,+\\-]|\\d${GROUP_SPACE})\\d{1,3}(?:${GROUP_SPACE}\\d{3})+(?!\\d|[.,\\-]\\d)`, 'g'), (number) =>
          number.replace(/[ \u2009]/g, '\u00A0'),
        )
        // 10000 пользователей: a quantity of five digits or more, written without groups.
        .replace(new RegExp(`(?<![\\d.,:/#+\\-_\\p{L}]|${NOT_QUANTITY})\\d{5,}(?=[ \\u00A0]\\p{Ll})`, 'gu'), groupThousands),
  },
];

/** The Typograf rules that are on (the header says why these and not the others). */
const TYPOGRAF_RULES = [
  'common/punctuation/quote',
  'common/punctuation/hellip',
  'common/symbols/arrow',
  'ru/dash/main',
  'ru/dash/time',
  'ru/dash/years',
  'ru/dash/month',
  'ru/dash/weekday',
  'ru/dash/daysMonth',
  'ru/dash/decade',
  'ru/dash/centuries',
  'ru/number/ordinals',
  ...PROJECT_RULES.map((rule) => rule.name),
];

/**
 * Text that is quoted as the product shows it, so Typograf leaves it alone: English inside «…»
 * (Keycloak's «We are sorry... Client not found.») and English words around a spaced hyphen
 * (the Keycloak flow **Browser - Conditional OTP**).
 */
const AS_SHOWN = [/(?<=«)[^«»А-Яа-яЁё]+(?=»)/g, /[A-Za-z]+ - [A-Za-z]+/g];

let typograf: Typograf | undefined;

/** One Typograf with only {@link TYPOGRAF_RULES} on (the project's rules are registered once). */
function getTypograf(): Typograf {
  if (typograf) return typograf;
  for (const rule of PROJECT_RULES) {
    if (!Typograf.getRule(rule.name)) Typograf.addRule(rule);
  }
  typograf = new Typograf({locale: ['ru', 'en-US'], disableRule: '*', enableRule: TYPOGRAF_RULES});
  for (const pattern of AS_SHOWN) typograf.addSafeTag(pattern);
  return typograf;
}

/** Spacing that both forms are right for: a dash after an ordinary or a non-breaking space. */
function canonical(text: string): string {
  return text.replace(/\u00A0(?=—)/g, ' ');
}

/** A changed place: `[start, end)` in the text before and after the change. */
export interface Difference {
  before: [number, number];
  after: [number, number];
}

/** Changes closer than this many characters are one place to fix (the two quotes of a pair). */
const JOIN_CHANGES_WITHIN = 24;

/**
 * The places where `after` differs from `before`: a character diff, with changes a few characters
 * apart joined into one place, as a reader would fix them.
 */
export function differences(before: string, after: string): Difference[] {
  const found: Difference[] = [];
  let i = 0;
  let j = 0;
  for (const change of diffChars(before, after)) {
    const length = change.value.length;
    const [di, dj] = change.added ? [0, length] : change.removed ? [length, 0] : [length, length];
    if (change.added || change.removed) {
      const last = found.at(-1);
      if (last && i - last.before[1] < JOIN_CHANGES_WITHIN) {
        last.before[1] = i + di;
        last.after[1] = j + dj;
      } else {
        found.push({before: [i, i + di], after: [j, j + dj]});
      }
    }
    i += di;
    j += dj;
  }
  return found;
}

/** Non-breaking spaces made visible for the report: a writer cannot see them otherwise. */
export function showSpaces(text: string): string {
  return text.replace(/\u00A0/g, '⍽').replace(/\u202F/g, '⸱');
}

/** Stands for `&` while Typograf runs: it would read «&nbsp;» written out in prose as an entity. */
const AMPERSAND = '\uE001';

/** Typograf's text and the rules that change it for real (a change {@link canonical} undoes does not count). */
function typografy(text: string): {fixed: string; rules: string[]} {
  const tp = getTypograf();
  const rules: string[] = [];
  let before = '';
  tp.onBeforeRule = (_name, context) => {
    before = context.text;
  };
  tp.onAfterRule = (name, context) => {
    if (canonical(context.text) !== canonical(before)) rules.push(name);
  };
  const fixed = tp.execute(text.replaceAll('&', AMPERSAND)).replaceAll(AMPERSAND, '&');
  tp.onBeforeRule = tp.onAfterRule = undefined;
  return {fixed, rules};
}

/** Typography problems of every page: one per place where Typograf would change a block. */
export function checkTypography(pages: PageText[]): ProofreadProblem[] {
  const problems: ProofreadProblem[] = [];
  for (const {page, blocks} of pages) {
    for (const block of blocks) {
      const {fixed, rules} = typografy(block);
      const [was, should] = [canonical(block), canonical(fixed)];
      if (was === should) continue;
      for (const place of differences(was, should)) {
        problems.push({
          page,
          kind: 'typography',
          text: showSpaces(around(was, ...place.before)),
          context: showSpaces(around(should, ...place.after)),
          rules,
        });
      }
    }
  }
  return problems;
}

/** A Russian word form: `stem` followed by any ending, not part of a longer word. */
const word = (stem: string, endings = '\\p{L}*') => new RegExp(`(?<![\\p{L}-])${stem}(?:${endings})(?![\\p{L}])`, 'giu');

/** CONTRIBUTING.md's glossary: the word to use, and what a page must not say instead. */
export const GLOSSARY: {use: string; not: RegExp}[] = [
  {use: 'команда', not: word('тим', '|а|у|ом|е|ы|ов')},
  {use: 'сообщение («пост» только в именах API)', not: word('пост', '|а|у|ом|е|ы|ов|ам|ами|ах')},
  {use: 'эмодзи', not: word('(?:эмоджи|смайлик)')},
  {use: 'вебхук', not: word('веб-хук')},
  {use: 'slash-команда', not: word('сл[эе]ш-команд')},
  {use: 'задание', not: word('джоб', '|а|ы|у|ой|е|ов|ам|ами|ах')},
  {use: 'хранение данных, политика хранения', not: word('ретеншн')},
  {use: 'Системная консоль', not: word('админк')},
  {use: 'учётная запись', not: word('аккаунт')},
];

/** Glossary problems of every page: one per word a page uses against the glossary. */
export function checkGlossary(pages: PageText[]): ProofreadProblem[] {
  const problems: ProofreadProblem[] = [];
  for (const {page, blocks} of pages) {
    for (const block of blocks) {
      const found = GLOSSARY.flatMap(({use, not}) => [...block.matchAll(not)].map((match) => ({match, use})));
      for (const {match, use} of found.sort((a, b) => a.match.index - b.match.index)) {
        problems.push({page, kind: 'glossary', text: `${match[0]} → ${use}`, context: around(block, match.index, match.index + match[0].length)});
      }
    }
  }
  return problems;
}

type CSpell = typeof import('cspell-lib');
type CSpellSettings = Awaited<ReturnType<CSpell['readSettings']>>;

/** cspell-lib is ESM-only; the scripts and tests run as CommonJS, so it is imported on first use. */
async function loadSpeller(): Promise<{cspell: CSpell; settings: CSpellSettings}> {
  const cspell = await import('cspell-lib');
  return {cspell, settings: await cspell.readSettings(CSPELL_CONFIG)};
}

/** About `radius` characters either side of `[start, end)` in `text`, cut at spaces; code shows as `…`. */
function around(text: string, start: number, end: number, radius = 30): string {
  let from = Math.max(0, start - radius);
  let to = Math.min(text.length, end + radius);
  const space = text.indexOf(' ', from);
  if (from > 0 && space !== -1 && space < start) from = space + 1;
  const lastSpace = text.lastIndexOf(' ', to);
  if (to < text.length && lastSpace >= end) to = lastSpace;
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`.replaceAll(CODE, '`…`');
}

/** Unknown words of every page, one problem per word and page (with the first place it occurs). */
export async function checkSpelling(pages: PageText[]): Promise<ProofreadProblem[]> {
  const {cspell, settings} = await loadSpeller();
  const problems: ProofreadProblem[] = [];
  for (const {page, blocks} of pages) {
    const text = blocks.join('\n');
    const result = await cspell.spellCheckDocument(
      {uri: `file:///proofread${page}`, text, languageId: 'plaintext', locale: 'en,ru'},
      {noConfigSearch: true},
      settings,
    );
    // A document cspell skipped, or a dictionary it could not load, must not pass as "no problems".
    const broken = [...(result.errors ?? []), ...(result.configErrors ?? []).map((e) => e.error), ...[...(result.dictionaryErrors?.values() ?? [])].flat()];
    if (broken.length) throw new Error(`cspell could not check ${page}: ${broken.map((e) => e.message).join('; ')}`);
    if (!result.checked) throw new Error(`cspell skipped ${page}: check the ignore settings in ${CSPELL_CONFIG}`);
    const words = new Map<string, ProofreadProblem>();
    for (const issue of result.issues) {
      const seen = words.get(issue.text);
      if (seen) {
        seen.count = (seen.count ?? 1) + 1;
        continue;
      }
      const line = text.lastIndexOf('\n', issue.offset) + 1;
      const lineEnd = text.indexOf('\n', issue.offset);
      const block = text.slice(line, lineEnd === -1 ? undefined : lineEnd);
      const problem: ProofreadProblem = {
        page,
        kind: 'spelling',
        text: issue.text,
        context: around(block, issue.offset - line, issue.offset - line + issue.text.length),
        count: 1,
        offset: issue.offset,
      };
      words.set(issue.text, problem);
      problems.push(problem);
    }
  }
  return problems;
}

/** Every spelling and typography problem of the built site in `dir`. */
export async function proofread(dir: string): Promise<ProofreadProblem[]> {
  const pages = loadPages(dir);
  return [...(await checkSpelling(pages)), ...checkTypography(pages), ...checkGlossary(pages)];
}

/** How to fix each kind of problem, said once above its list. */
const ADVICE: Record<ProofreadProblem['kind'], string> = {
  spelling:
    'Fix the word in the page source (docs/, api-reference/, openapi/, data/, i18n/). Only a real term ' +
    '(a product, protocol, setting or established technical word) goes into config/cspell-words.txt.',
  typography:
    'Write each fragment as shown after "→" (⍽ is a non-breaking space U+00A0, ⸱ a narrow one U+202F) ' +
    'in the page source; the rules are described in scripts/lib/proofread.ts.',
  glossary: 'Write the term shown after "→" in the page source: the glossary has one term per concept.',
};

/** One line (or two) per problem, as a writer reads it. */
function describe(problem: ProofreadProblem): string {
  if (problem.kind === 'glossary') return `    ${problem.text}: ${problem.context}`;
  if (problem.kind === 'spelling') {
    const times = problem.count && problem.count > 1 ? ` (${problem.count}×)` : '';
    return `    ${problem.text}${times}: ${problem.context}`;
  }
  return `    ${problem.text}\n  → ${problem.context}   [${problem.rules?.join(', ')}]`;
}

/** The problems of one kind grouped by page, with the advice on top; empty when there are none. */
export function formatProblems(problems: ProofreadProblem[], kind: ProofreadProblem['kind']): string {
  const ofKind = problems.filter((problem) => problem.kind === kind);
  if (ofKind.length === 0) return '';
  const byPage = new Map<string, ProofreadProblem[]>();
  for (const problem of ofKind) byPage.set(problem.page, [...(byPage.get(problem.page) ?? []), problem]);
  const pages = [...byPage].map(([page, list]) => [`  ${page}`, ...list.map(describe)].join('\n'));
  return [`${kind}: ${ofKind.length} problem(s) on ${byPage.size} page(s). ${ADVICE[kind]}`, ...pages].join('\n');
}
