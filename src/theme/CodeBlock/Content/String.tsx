/**
 * Passes a block's build-time tokens (the `data-tokens` property set by plugins/code-highlight)
 * to CodeBlock/Content; everything else is theme-classic's own string code block.
 */
import {useMemo, type ReactNode} from 'react';
import OriginalString from '@theme-original/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock/Content/String';
import {CodeTokensContext, decodeTokens} from './tokens';

export default function CodeBlockString(props: Props & {'data-tokens'?: string}): ReactNode {
  const {'data-tokens': encoded, ...rest} = props;
  const tokens = useMemo(() => decodeTokens(encoded), [encoded]);
  return (
    <CodeTokensContext.Provider value={tokens}>
      <OriginalString {...rest} />
    </CodeTokensContext.Provider>
  );
}
