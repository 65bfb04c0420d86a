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
  export interface AuthState {
    data: Record<string, Record<string, unknown>>;
    options: Record<string, unknown[]>;
    selected?: string;
  }
  export function createAuth(args: {security?: unknown; securitySchemes?: unknown; options?: unknown}): AuthState;
  export const setAuthData: {type: string};
  export const setSelectedAuth: {type: string};
}
declare module '@theme/ApiExplorer/persistenceMiddleware' {
  import type {Middleware} from '@reduxjs/toolkit';
  export function createPersistenceMiddleware(options: unknown): Middleware;
}
declare module '@theme/ApiExplorer/storage-utils' {
  export function createStorage(persistence: false | 'localStorage' | 'sessionStorage'): Storage;
}
declare module '@theme-original/ApiExplorer/storage-utils' {
  export function hashArray(values: string[]): string;
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
declare module '@theme-original/ApiExplorer/Response' {
  import type {ReactNode} from 'react';
  export default function Response(props: Record<string, unknown>): ReactNode;
}
declare module '@theme/ApiExplorer/Response/slice' {
  export function clearResponse(): {type: string};
  export function clearCode(): {type: string};
  export function clearHeaders(): {type: string};
}
declare module '@theme/ApiItem/hooks' {
  export function useTypedSelector<T>(selector: (state: never) => T): T;
  export function useTypedDispatch(): (action: {type: string; payload?: unknown}) => void;
}
declare module '@theme-original/SchemaTabs' {
  import type {ReactNode} from 'react';
  export default function SchemaTabs(props: {children?: ReactNode} & Record<string, unknown>): ReactNode;
}
declare module '@theme-original/SchemaItem' {
  import type {ReactNode} from 'react';
  export default function SchemaItem(props: {name?: string} & Record<string, unknown>): ReactNode;
}
declare module '@theme-original/ApiExplorer/FloatingButton' {
  import type {MouseEventHandler, ReactNode} from 'react';
  export default function FloatingButton(props: {label?: string; onClick?: MouseEventHandler<HTMLButtonElement>; children?: ReactNode}): ReactNode;
}
