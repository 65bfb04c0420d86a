// The OpenAPI theme's modules that src/theme/ApiItem and src/components/ApiPanel use. The theme ships
// its sources but no declarations for the `@theme/…` aliases; these are the shapes we rely on.
declare module '@theme/ApiExplorer' {
  import type {ReactNode} from 'react';
  export default function ApiExplorer(props: {item: unknown; infoPath: string}): ReactNode;
}
declare module '@theme/ApiExplorer/ApiCodeBlock' {
  import type {ReactNode} from 'react';
  export default function ApiCodeBlock(props: {language?: string; className?: string; showLineNumbers?: boolean; children: string}): ReactNode;
}
declare module '@theme/ApiExplorer/CodeTabs' {
  import type {ReactNode} from 'react';
  export interface Language {
    language: string;
    highlight: string;
    logoClass: string;
    variant: string;
    variants: string[];
    options: Record<string, unknown>;
  }
  export default function CodeTabs(props: {
    groupId?: string;
    className?: string;
    action: Record<string, (value: never) => void>;
    languageSet: Language[];
    currentLanguage?: Language;
    includeVariant?: boolean;
    defaultValue?: string;
    lazy?: boolean;
    children: ReactNode;
  }): ReactNode;
}
declare module '@theme/ApiExplorer/Authorization/slice' {
  export function createAuth(args: {security?: unknown; securitySchemes?: unknown; options?: unknown}): unknown;
}
declare module '@theme/ApiExplorer/persistenceMiddleware' {
  import type {Middleware} from '@reduxjs/toolkit';
  export function createPersistenceMiddleware(options: unknown): Middleware;
}
declare module '@theme/ApiExplorer/storage-utils' {
  export function createStorage(persistence: false | 'localStorage' | 'sessionStorage'): Storage;
}
declare module '@theme/ApiItem/Layout' {
  import type {ReactNode} from 'react';
  export default function DocItemLayout(props: {children: ReactNode}): ReactNode;
}
declare module '@theme/ApiItem/store' {
  import type {Middleware, Store} from '@reduxjs/toolkit';
  export function createStoreWithState(state: Record<string, unknown>, middlewares: Middleware[]): Store;
}
declare module '@theme/SchemaExpansion' {
  import type {ReactNode} from 'react';
  export function SchemaExpansionProvider(props: {children: ReactNode}): ReactNode;
}
declare module '@theme-original/Markdown' {
  import type {ReactNode} from 'react';
  export default function Markdown(props: {children?: ReactNode}): ReactNode;
}
