/**
 * The API reference as data: where the generated pages and intermediate specs go, the v5 services
 * and the code-sample languages. The docs and generator instances built from it are in
 * plugins/openapi.
 */
import path from 'node:path';

/** Pages docusaurus-plugin-openapi-docs writes from the spec (git-ignored, remade by every build). */
export const GENERATED_API_PAGE = /\.(?:api|tag|info|schema)\.mdx$/;

export const API_REFERENCE_DIR = path.resolve(__dirname, '../api-reference');
/** Intermediate per-service specs (git-ignored). */
export const API_GENERATED_DIR = path.resolve(__dirname, '../.openapi');
export const V5_SERVICES = ['auth-service', 'config-service', 'signup-service', 'teams-service'] as const;

/** Code samples on every operation page (the theme's languageTabs). */
export const languageTabs = [
  {highlight: 'bash', language: 'curl', logoClass: 'curl'},
  {highlight: 'python', language: 'python', logoClass: 'python', variant: 'requests'},
  {highlight: 'go', language: 'go', logoClass: 'go', variant: 'native'},
  {highlight: 'javascript', language: 'nodejs', logoClass: 'nodejs', variant: 'axios'},
  {highlight: 'java', language: 'java', logoClass: 'java', variant: 'okhttp'},
];
