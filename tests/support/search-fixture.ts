/** Search indexes built from small HTML pages, through the same code the build uses. */
import {buildIndex, buildShard, contentChunks, type IndexGroup} from '../../plugins/search';
import {extractPage} from '../../plugins/search/extract';
import {buildCorpus} from '../../src/search/engine/searcher';

/** A doc page as the build renders it: breadcrumbs, title, description and body. */
export const docHtml = (title: string, body: string, crumb = title) =>
  `<html class="docs-wrapper docs-doc-page"><head><meta name="description" content="Описание"></head><body><article><nav class="theme-doc-breadcrumbs"><ul><li>${crumb}</li></ul></nav><div class="theme-doc-markdown"><header><h1>${title}</h1></header>${body}</div></article></body></html>`;

/** A page to index; with `keywords`, an operation's page (`name`: its verb, then the terms of its name). */
export const docPage = (url: string, title: string, body: string, keywords: string[] = [], [verb = '', ...name]: string[] = []) => ({
  url,
  page: extractPage(docHtml(title, body))!,
  ...(keywords.length ? {operation: {keywords, verb, name}} : {}),
});

/** One context's pages as a lunr index with every content chunk loaded (`chunkChars` small: several chunks). */
export function corpusOfPages(pages: IndexGroup['pages'], chunkChars = 200) {
  return corpusOfContexts([{context: '', pages}], chunkChars);
}

/** The pages of several contexts as one index, as the whole-site search loads it. */
export function corpusOfContexts(groups: Pick<IndexGroup, 'context' | 'pages'>[], chunkChars = 200) {
  const shards = [];
  const content: string[][] = [];
  for (const {context, pages} of groups) {
    const built = buildShard(context, pages, new Map(), content.length);
    shards.push(built.shard);
    content.push(...built.content);
  }
  return buildCorpus(
    shards,
    contentChunks(content, chunkChars).map((c) => c.chunk),
  );
}

/** The index files of a site (path → JSON), keyed as the worker fetches them (`/search-index/…` under base `/`). */
export function siteFiles(groups: IndexGroup[], glossary: string[][] = [], chunkChars = 200): Record<string, string> {
  const {files} = buildIndex(groups, glossary, chunkChars);
  return Object.fromEntries([...files].map(([file, json]) => [`/${file}`, json]));
}
