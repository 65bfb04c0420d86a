/**
 * The OpenAPI theme's schema tabs with Russian labels where the theme wrote a label in English
 * instead of asking for a translation (the request body's «Example» tab of the try-it form).
 */
import {Children, cloneElement, isValidElement, type ReactElement, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import SchemaTabs from '@theme-original/SchemaTabs';

function russianLabel(label: unknown): string | undefined {
  if (label === 'Example') return translate({id: 'theme.openapi.responseExamples.example', message: 'Example'});
  return undefined;
}

export default function SchemaTabsInRussian({children, ...props}: {children?: ReactNode} & Record<string, unknown>): ReactNode {
  const tabs = Children.map(children, (child) => {
    if (!isValidElement(child)) return child;
    const label = russianLabel((child as ReactElement<{label?: unknown}>).props.label);
    return label ? cloneElement(child as ReactElement<{label?: string}>, {label}) : child;
  });
  return <SchemaTabs {...props}>{tabs}</SchemaTabs>;
}
