/**
 * API operation pages make code at run time (code samples, try-it responses), so they bring the
 * browser highlighter: the Prism grammars are registered here — the job theme-classic's client
 * module did on every page before plugins/code-highlight — and code blocks without build-time
 * tokens get theme-classic's Prism renderer through RuntimeHighlighterContext.
 */
import type {ComponentProps, ReactNode} from 'react';
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import OriginalApiItem from '@theme-original/ApiItem';
import PrismContent from '@theme-original/CodeBlock/Content';
import {RuntimeHighlighterContext} from '../CodeBlock/Content/tokens';

prismIncludeLanguages(Prism);

export default function ApiItem(props: ComponentProps<typeof OriginalApiItem>): ReactNode {
  return (
    <RuntimeHighlighterContext.Provider value={PrismContent}>
      <OriginalApiItem {...props} />
    </RuntimeHighlighterContext.Provider>
  );
}
