/**
 * «Скопировать как Markdown» and «Открыть в Markdown»: the page's Markdown copy, written
 * by plugins/markdown-export at `<path>.md`, for pasting into an AI assistant or reading as text.
 */
import {useEffect, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {markdownPath} from '@site/src/utils/markdownPath';
import styles from './styles.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

const MESSAGES: Record<CopyState, string> = {
  idle: '',
  copied: 'Markdown страницы скопирован',
  failed: 'Не удалось скопировать: откройте Markdown и скопируйте текст вручную',
};

async function fetchText(href: string): Promise<string> {
  const response = await fetch(href);
  if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
  return response.text();
}

/** Copies the text behind `href`. Safari only lets a page write to the clipboard within the click, so the fetch goes into a ClipboardItem there. */
async function copyFrom(href: string): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      const blob = fetchText(href).then((text) => new Blob([text], {type: 'text/plain'}));
      await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
      return;
    } catch {
      // Older engines take no promise in ClipboardItem: copy the text once it is here.
    }
  }
  await navigator.clipboard.writeText(await fetchText(href));
}

export default function MarkdownActions(): ReactNode {
  const {pathname} = useLocation();
  const href = markdownPath(pathname);
  const [state, setState] = useState<CopyState>('idle');

  // The message goes away after a while, and when the reader moves to another page.
  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = window.setTimeout(() => setState('idle'), 4000);
    return () => window.clearTimeout(timer);
  }, [state]);
  useEffect(() => setState('idle'), [pathname]);

  const copy = () => {
    copyFrom(href).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };

  return (
    <div className={`md-actions ${styles.actions}`}>
      <button type="button" className="button button--sm button--secondary" onClick={copy}>
        Скопировать как Markdown
      </button>
      {/* eslint-disable-next-line @docusaurus/no-html-links -- a static .md file, not a route: the client router must not take it */}
      <a className="button button--sm button--secondary" href={href} type="text/markdown">
        Открыть в Markdown
      </a>
      <span role="status" className={state === 'failed' ? styles.failed : styles.status}>
        {MESSAGES[state]}
      </span>
    </div>
  );
}
