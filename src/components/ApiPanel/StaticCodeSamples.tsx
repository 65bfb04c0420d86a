/**
 * An operation's code samples as made at build time (plugins/openapi/samples.ts): the same tabs,
 * classes and code blocks as the OpenAPI theme's CodeSnippets, without the generators behind them.
 * Language tabs share the theme's `code-samples` group, so the reader's language is kept from page
 * to page and when the try-it form takes over.
 */
import {useMemo, type ReactNode} from 'react';
import ApiCodeBlock from '@theme/ApiExplorer/ApiCodeBlock';
import CodeTabs from '@theme/ApiExplorer/CodeTabs';

export interface CodeSampleLanguage {
  language: string;
  highlight: string;
  logoClass: string;
  variant: string;
  variants: {name: string; code: string}[];
}

function CodeTab({
  children,
  hidden,
  className,
}: {
  value: string;
  label: string;
  attributes?: {className: string};
  children: ReactNode;
  hidden?: boolean;
  className?: string;
}) {
  return (
    <div role="tabpanel" className={className} hidden={hidden}>
      {children}
    </div>
  );
}

/** CodeTabs reports the reader's choice through these; the static tabs need no state of their own. */
const NO_ACTION = {setLanguage: () => undefined, setSelectedVariant: () => undefined, setSelectedSample: () => undefined};

export default function StaticCodeSamples({samples}: {samples: CodeSampleLanguage[]}): ReactNode {
  // CodeTabs looks languages up in this set (the theme's Language shape).
  const languageSet = useMemo(
    () =>
      samples.map((s) => ({
        language: s.language,
        highlight: s.highlight,
        logoClass: s.logoClass,
        variant: s.variant,
        variants: s.variants.map((v) => v.name),
        options: {},
      })),
    [samples],
  );
  if (samples.length === 0) return null;
  return (
    <CodeTabs groupId="code-samples" action={NO_ACTION} languageSet={languageSet} defaultValue={samples[0].language} lazy>
      {samples.map((lang, i) => (
        <CodeTab key={lang.language} value={lang.language} label={lang.language} attributes={{className: `openapi-tabs__code-item--${lang.logoClass}`}}>
          <CodeTabs
            className="openapi-tabs__code-container-inner"
            action={NO_ACTION}
            includeVariant
            currentLanguage={languageSet[i]}
            defaultValue={lang.variant.toLowerCase()}
            languageSet={languageSet}
            lazy>
            {lang.variants.map((variant) => (
              <CodeTab
                key={variant.name}
                value={variant.name.toLowerCase()}
                label={variant.name.toUpperCase()}
                attributes={{className: 'openapi-tabs__code-item--variant'}}>
                <ApiCodeBlock language={lang.highlight} className="openapi-explorer__code-block" showLineNumbers>
                  {variant.code}
                </ApiCodeBlock>
              </CodeTab>
            ))}
          </CodeTabs>
        </CodeTab>
      ))}
    </CodeTabs>
  );
}
