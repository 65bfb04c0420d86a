// lodash ships without types; the one function we use to predict API page slugs.
declare module 'lodash/kebabCase' {
  export default function kebabCase(value: string): string;
}
