/**
 * The OpenAPI theme's Markdown component, with a fast path for plain descriptions (./plain):
 * react-markdown renders only those that need it.
 */
import type {ReactNode} from 'react';
import OriginalMarkdown from '@theme-original/Markdown';
import {renderPlain} from './plain';

export default function Markdown({children}: {children?: ReactNode}): ReactNode {
  const plain = typeof children === 'string' ? renderPlain(children) : undefined;
  return plain ?? <OriginalMarkdown>{children}</OriginalMarkdown>;
}
