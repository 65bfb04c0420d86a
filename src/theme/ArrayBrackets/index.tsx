/**
 * The brackets around an array's item schema. The OpenAPI theme wrote «Array [» in English, without
 * a translation id; same markup, in Russian.
 */
import type {CSSProperties, ReactNode} from 'react';

const bracket: CSSProperties = {fontSize: 'var(--ifm-code-font-size)', opacity: 0.6, marginLeft: '-.5rem'};

export function OpeningArrayBracket(): ReactNode {
  return (
    <li>
      <div style={{...bracket, paddingBottom: '.5rem'}}>Массив [</div>
    </li>
  );
}

export function ClosingArrayBracket(): ReactNode {
  return (
    <li>
      <div style={bracket}>]</div>
    </li>
  );
}
