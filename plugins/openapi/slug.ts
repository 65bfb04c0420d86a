import kebabCase from 'lodash/kebabCase';

/**
 * The one slug rule of the API reference: the part of a page's URL that docusaurus-plugin-openapi-docs
 * makes from an operationId or a tag name (lodash kebabCase): CreatePost → create-post,
 * CreateOAuthApp → create-o-auth-app, auth-service → auth-service. Routes, the spec check, search
 * keywords and redirects all name pages through it, so they cannot drift from the generator.
 */
export function pageSlug(name: string): string {
  return kebabCase(name);
}
