/**
 * The OpenAPI theme's Markdown component, with a fast path for plain descriptions (./plain):
 * react-markdown renders only those that need it. The theme's «Возможные значения» line joins the
 * two bounds of a length or a range with an English «and», outside any translation; it is put into
 * Russian here, the one place every such line passes through (properties, parameters, headers).
 */
import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import OriginalMarkdown from '@theme-original/Markdown';
import {renderPlain} from './plain';

function russianQualifier(text: string): string {
  const prefix = `**${translate({id: 'theme.openapi.schemaItem.possibleValues', message: 'Possible values:'})}**`;
  return text.startsWith(prefix) ? text.replaceAll('` and `', '` и `') : text;
}

export default function Markdown({children}: {children?: ReactNode}): ReactNode {
  const text = typeof children === 'string' ? russianQualifier(children) : children;
  const plain = typeof text === 'string' ? renderPlain(text) : undefined;
  return plain ?? <OriginalMarkdown>{text}</OriginalMarkdown>;
}
