/**
 * Renders a code block from the tokens computed at build time, with theme-classic's markup and
 * line component (line numbers, highlighted lines and word wrap keep working). Colours come from
 * the `token …` classes (plugins/code-highlight generates the stylesheet). Code made at run time
 * uses the browser highlighter when the page provides one (API pages), and is shown unhighlighted
 * otherwise, so that guide pages never load Prism.
 */
import {useContext, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import Line from '@theme/CodeBlock/Line';
import type {Props} from '@theme/CodeBlock/Content';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import {CodeTokensContext, plainLines, RuntimeHighlighterContext, type LineToken} from './tokens';

const getLineProps = ({className}: {line: LineToken[]; className?: string}) => ({className: clsx('token-line', className)});
const getTokenProps = ({token}: {token: LineToken}) => ({className: clsx('token', ...token.types), children: token.content});

export default function CodeBlockContent({className}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const precomputed = useContext(CodeTokensContext);
  const RuntimeHighlighter = useContext(RuntimeHighlighterContext);
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  const lines = precomputed ?? plainLines(code);
  if (!precomputed && RuntimeHighlighter) return <RuntimeHighlighter className={className} />;
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable code must be reachable with the keyboard (as in theme-classic)
      tabIndex={0}
      className={clsx(className, `prism-code language-${language}`, styles.codeBlock, 'thin-scrollbar')}>
      <code
        className={clsx(styles.codeBlockLines, lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering)}
        style={lineNumbersStart === undefined ? undefined : {counterReset: `line-count ${lineNumbersStart - 1}`}}>
        {lines.map((line, i) => (
          <Line
            key={i}
            line={line}
            getLineProps={getLineProps as never}
            getTokenProps={getTokenProps as never}
            classNames={lineClassNames[i]}
            showLineNumbers={lineNumbersStart !== undefined}
          />
        ))}
      </code>
    </pre>
  );
}
