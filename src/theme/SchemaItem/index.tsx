/**
 * A property of a schema, with the two English fragments the OpenAPI theme writes without a
 * translation id put into Russian: the made-up name «property name*» of an object's free-form
 * properties (additionalProperties), and the «and» between the bounds of a length or a range in
 * «Возможные значения» (`>= 26 символов` и `<= 26 символов`).
 */
import type {ReactNode} from 'react';
import SchemaItem from '@theme-original/SchemaItem';
import {getQualifierMessage} from 'docusaurus-theme-openapi-docs/lib/markdown/schema';

const ANY_PROPERTY = 'property name*';

type Props = {name?: string; qualifierMessage?: string; schema?: unknown} & Record<string, unknown>;

export default function SchemaItemInRussian(props: Props): ReactNode {
  // The theme makes the message from the schema when none is given; made here the same way.
  const qualifier = props.qualifierMessage ?? (props.schema ? getQualifierMessage(props.schema as never) : undefined);
  return (
    <SchemaItem
      {...props}
      name={props.name === ANY_PROPERTY ? 'любое имя свойства*' : props.name}
      qualifierMessage={qualifier?.replaceAll('` and `', '` и `')}
    />
  );
}
