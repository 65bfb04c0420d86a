/**
 * The address of a page's Markdown copy (plugins/markdown-export): `/a/b` and `/a/b/` → `/a/b.md`,
 * the home page `/` → `/index.md`.
 */
export function markdownPath(permalink: string): string {
  const trimmed = permalink.replace(/\/+$/, '');
  return trimmed === '' ? '/index.md' : `${trimmed}.md`;
}
