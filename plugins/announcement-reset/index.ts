import type {Plugin} from '@docusaurus/types';

/**
 * Shows a new announcement on the very first page load after its id changed. The theme's inline
 * script hides the bar before hydration whenever the *previous* announcement was dismissed, so a
 * reader would miss the new one until the next full reload. This script runs first and clears the
 * stale dismissal when the stored id differs from the current one.
 */
export function resetScript(id: string): string {
  const quoted = JSON.stringify(id);
  return `(function(){try{var s=window.localStorage;if(s.getItem('docusaurus.announcement.id')!==${quoted}){s.setItem('docusaurus.announcement.dismiss','false');document.documentElement.setAttribute('data-announcement-bar-initially-dismissed','false');}}catch(e){}})();`;
}

/** The plugin for the announcement with this id (config/announcement.ts). */
export default function announcementReset(id: string): () => Plugin {
  return () => ({
    name: 'time-announcement-reset',
    injectHtmlTags() {
      return {headTags: [{tagName: 'script', innerHTML: resetScript(id)}]};
    },
  });
}
