/**
 * What of a query is lunr syntax and what is text. Readers paste log lines and addresses
 * (`Error: connection refused`, `level:error`, `host:8065`, `a~b`, `--verbose`), so lunr's
 * operators count only where the reader clearly used them; everything else is searched as text:
 *
 * - `word:` is a field only when `word` is a field name (`title:`, `heading:`, `keywords:`,
 *   `content:`). A word one slip away from a field name — a letter missing, added or swapped with
 *   its neighbour (`titel:`, `keyword:`) — is a mistyped field, reported with the field names. Any
 *   other colon is text.
 * - `~N` and `^N` count at the end of a word of at least two characters, with a short argument
 *   (at most two characters: edit distances and boosts are small numbers): `docker~1`, `docker^2`,
 *   and `docker~x` is reported as a non-numeric distance. `a~b`, `foo~bar`, `~/.config` are text.
 *   A token that is nothing but an operator (`~1`, `^2`) is syntax too.
 * - `+` and `-` count once, at the start of a word (`+docker`, `-kubernetes`); a lone `+` is an
 *   operator missing its word. A lone `-` or dash is punctuation, `--verbose` is the word `verbose`.
 *
 * lunr's English parse errors are given back in Russian (strings.ts).
 */
import {MAX_QUERY_CHARS} from '../limits';
import {syntaxMessages} from '../strings';

/** The query cut to MAX_QUERY_CHARS characters (whole code points); `cut` when something was dropped. */
export function cutQuery(query: string, max = MAX_QUERY_CHARS): {text: string; cut: boolean} {
  if (query.length <= max) return {text: query, cut: false};
  const chars = Array.from(query);
  if (chars.length <= max) return {text: query, cut: false};
  return {text: chars.slice(0, max).join(''), cut: true};
}

/** True when `word` is a field name with one letter missing, added, or swapped with its neighbour. */
export function oneSlipFrom(word: string, field: string): boolean {
  if (word.length < 4 || word === field) return false;
  const [shorter, longer] = word.length < field.length ? [word, field] : [field, word];
  if (longer.length - shorter.length === 1) {
    for (let i = 0; i < longer.length; i++) if (longer.slice(0, i) + longer.slice(i + 1) === shorter) return true;
    return false;
  }
  if (word.length !== field.length) return false;
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] !== field[i]) return word[i] === field[i + 1] && word[i + 1] === field[i] && word.slice(i + 2) === field.slice(i + 2);
  }
  return false;
}

const BARE_OPERATOR = /^(?:[~^]\d*|\+)$/;
const FIELD_PREFIX = /^([\p{L}_]+):/u;
/** Operators at the end of a token (`~1`, `^2`, `~1^2`), each with an argument of up to 2 characters. */
const TRAILING_OPERATORS = /(?:[~^][^~^:]{0,2}){1,2}$/;
const OPERATOR_OWNER = /[\p{L}\p{N}_]{2}$/u;

/** One whitespace-free token rewritten so that lunr sees only the syntax the reader meant. */
function rewriteToken(token: string, fields: readonly string[]): string {
  if (BARE_OPERATOR.test(token)) return token;
  let rest = token.replace(/\\/g, ' ');
  let presence = '';
  if (/^[+-][^+\-–—]/.test(rest)) {
    presence = rest[0];
    rest = rest.slice(1);
  } else {
    rest = rest.replace(/^[+\-–—]+/, '');
  }
  let field = '';
  const prefix = FIELD_PREFIX.exec(rest);
  if (prefix) {
    const name = prefix[1].toLowerCase();
    if (fields.includes(name) || fields.some((f) => oneSlipFrom(name, f))) {
      field = `${name}:`;
      rest = rest.slice(prefix[0].length);
    }
  }
  let operators = '';
  const trailing = TRAILING_OPERATORS.exec(rest);
  if (trailing && OPERATOR_OWNER.test(rest.slice(0, trailing.index))) {
    operators = trailing[0];
    rest = rest.slice(0, trailing.index);
  }
  rest = rest.replace(/[:~^]/g, ' ');
  return presence + field + rest + operators;
}

/** The query as lunr should parse it (see the rules above). */
export function toLunrSyntax(text: string, fields: readonly string[]): string {
  return text
    .split(/(\s+)/)
    .map((part) => (part.trim() ? rewriteToken(part, fields) : part))
    .join('');
}

/** lunr's parse error (lunr 2.3) in Russian. */
export function translateParseError(message: string, fields: readonly string[]): string {
  const t = syntaxMessages;
  let m: RegExpExecArray | null;
  if (message === 'edit distance must be numeric') return t.editDistance;
  if (message === 'boost must be numeric') return t.boost;
  if (message === 'expecting term, found nothing') return t.termMissing;
  if (message === 'expecting term or field, found nothing') return t.termOrFieldMissing;
  if ((m = /^unrecognised field '(.*)', possible fields/.exec(message))) return t.unknownField(m[1], fields);
  if ((m = /^expecting term, found '(\w+)'/.exec(message))) return t.termExpected(m[1]);
  if ((m = /^expecting term or field, found '(\w+)'/.exec(message))) return t.termOrFieldExpected(m[1]);
  if ((m = /^expected either a field or a term, found (\w+)(?: with value '(.*)')?$/.exec(message))) return t.fieldOrTermExpected(m[1], m[2]);
  if ((m = /^Unexpected lexeme type '(\w+)'/.exec(message))) return t.unexpected(m[1]);
  return t.other;
}
