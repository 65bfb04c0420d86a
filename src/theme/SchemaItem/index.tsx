/**
 * A property of a schema. For the free-form properties of an object (additionalProperties) the
 * OpenAPI theme shows the made-up name «property name*» in English, without a translation id; it
 * is shown in Russian here.
 */
import type {ReactNode} from 'react';
import SchemaItem from '@theme-original/SchemaItem';

const ANY_PROPERTY = 'property name*';

export default function SchemaItemInRussian(props: {name?: string} & Record<string, unknown>): ReactNode {
  return <SchemaItem {...props} name={props.name === ANY_PROPERTY ? 'любое имя свойства*' : props.name} />;
}
