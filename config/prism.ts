import type {PrismTheme} from 'prism-react-renderer';

/**
 * Code highlighting themes with WCAG 2.1 AA contrast (at least 4.5:1 for every token colour on its
 * background). The stock github/dracula themes fail axe on comments and variables.
 */
const tokens = (c: {
  comment: string;
  keyword: string;
  string: string;
  fn: string;
  number: string;
  variable: string;
  tag: string;
  plain: string;
  deleted: string;
  inserted: string;
}) => [
  {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: c.comment, fontStyle: 'italic' as const}},
  {types: ['keyword', 'selector', 'important', 'atrule', 'rule'], style: {color: c.keyword}},
  {types: ['string', 'char', 'attr-value', 'regex', 'url'], style: {color: c.string}},
  {types: ['function', 'class-name', 'builtin'], style: {color: c.fn}},
  {types: ['number', 'boolean', 'constant', 'symbol', 'entity'], style: {color: c.number}},
  {types: ['variable', 'parameter', 'property', 'attr-name', 'key'], style: {color: c.variable}},
  {types: ['tag', 'namespace'], style: {color: c.tag}},
  {types: ['punctuation', 'operator'], style: {color: c.plain}},
  {types: ['deleted'], style: {color: c.deleted}},
  {types: ['inserted'], style: {color: c.inserted}},
  {types: ['bold'], style: {fontWeight: 'bold' as const}},
  {types: ['italic'], style: {fontStyle: 'italic' as const}},
];

export const lightCodeTheme: PrismTheme = {
  plain: {color: '#1f2328', backgroundColor: '#f6f8fa'},
  styles: tokens({
    plain: '#1f2328',
    comment: '#57606a',
    keyword: '#b3261e',
    string: '#0a3069',
    fn: '#6639ba',
    number: '#0550ae',
    variable: '#953800',
    tag: '#116329',
    deleted: '#82071e',
    inserted: '#116329',
  }),
};

export const darkCodeTheme: PrismTheme = {
  plain: {color: '#e6edf3', backgroundColor: '#0d1117'},
  styles: tokens({
    plain: '#e6edf3',
    comment: '#8b949e',
    keyword: '#ff7b72',
    string: '#a5d6ff',
    fn: '#d2a8ff',
    number: '#79c0ff',
    variable: '#ffa657',
    tag: '#7ee787',
    deleted: '#ffa198',
    inserted: '#7ee787',
  }),
};

/**
 * Prism grammars beyond those prism-react-renderer bundles. Used for build-time highlighting
 * (plugins/code-highlight) and, on API pages, by the browser highlighter (src/theme/ApiItem).
 */
export const prismLanguages = ['bash', 'docker', 'yaml', 'json', 'nginx', 'go', 'python', 'typescript', 'java', 'ini', 'sql', 'diff'];
