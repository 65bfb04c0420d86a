/**
 * The breadcrumbs of every doc page (guides and API reference), followed by the page's Markdown
 * actions (src/components/MarkdownActions). On the home page, which has no breadcrumbs, the
 * actions stand alone.
 */
import type {ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import MarkdownActions from '@site/src/components/MarkdownActions';

export default function DocBreadcrumbsWithActions(): ReactNode {
  return (
    <>
      <DocBreadcrumbs />
      <MarkdownActions />
    </>
  );
}
