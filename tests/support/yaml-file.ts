/** A parsed YAML file that can say on which line a value sits, for messages that name file and line. */
import {LineCounter, parseDocument, type Document} from 'yaml';

/**
 * A value parsed from a config file whose shape is the very thing a check tests: the check reads any
 * field and tests its type before relying on it, so a static type could only promise what is untrue.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shape is checked at run time, field by field
export type Parsed = any;

export class YamlFile {
  readonly doc: Document.Parsed;
  /** The parsed value; checks walk files of any shape. */
  readonly data: Parsed;
  private readonly lines = new LineCounter();

  /** Parses `text`; a syntax error throws with the file name and the line of the error. */
  constructor(
    readonly name: string,
    text: string,
  ) {
    this.doc = parseDocument(text, {lineCounter: this.lines});
    if (this.doc.errors.length) {
      const e = this.doc.errors[0];
      throw new Error(`${name}:${e.linePos?.[0].line ?? '?'}: YAML does not parse: ${e.message.split('\n')[0]}`);
    }
    this.data = this.doc.toJS();
  }

  /** "file:line" of the node at `at` (or of the nearest parent that exists). */
  where(at: (string | number)[]): string {
    for (let n = at.length; n >= 0; n--) {
      const node = this.doc.getIn(at.slice(0, n), true) as {range?: [number, number, number]} | undefined;
      if (node?.range) return `${this.name}:${this.lines.linePos(node.range[0]).line}`;
    }
    return this.name;
  }
}
