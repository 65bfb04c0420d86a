import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {loadCatalogue, SETTINGS_DIR, type Catalogue} from './catalogue';
import type {SettingsIndexEntry} from '../../src/components/SettingsIndex';

export type {SettingsIndexEntry};

export const PLUGIN_NAME = 'time-settings-catalogue';

export function indexEntries(catalogue: Catalogue): SettingsIndexEntry[] {
  return catalogue.settings
    .map(({configPath, env, name, consolePath, page, url, origin}) => ({
      key: configPath,
      env,
      name,
      console: consolePath ?? `${catalogue.pages.get(page)!.console} (поля нет, только config.json)`,
      url,
      origin,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * Live editing: the bundler only recompiles a page when the page file changes, so after a catalogue
 * file is edited its page is touched and `npm run dev` shows the new settings at once.
 */
function touchStalePages(catalogue: Catalogue, docsDir: string): void {
  for (const page of catalogue.pages.values()) {
    const yaml = path.join(SETTINGS_DIR, `${page.page}.yaml`);
    const doc = ['md', 'mdx'].map((ext) => path.join(docsDir, 'administration/settings', `${page.page}.${ext}`)).find((f) => fs.existsSync(f));
    if (doc && fs.existsSync(yaml) && fs.statSync(yaml).mtimeMs > fs.statSync(doc).mtimeMs) {
      const now = new Date();
      fs.utimesSync(doc, now, now);
    }
  }
}

/**
 * Validates data/settings/ before anything is rendered (a bad entry stops `build` and `start` with
 * the file and entry named) and publishes the index of all settings for the reference page as
 * `@generated/time-settings-catalogue/default/settings-index.json`.
 */
export default function settingsCatalogue(context: LoadContext): Plugin<unknown> {
  return {
    name: PLUGIN_NAME,
    getPathsToWatch() {
      return [path.join(SETTINGS_DIR, '**/*.{yaml,yml}')];
    },
    async loadContent() {
      const catalogue = loadCatalogue(SETTINGS_DIR, context.siteDir);
      if (process.env.NODE_ENV === 'development') touchStalePages(catalogue, path.join(context.siteDir, 'docs'));
      return catalogue;
    },
    async contentLoaded({content, actions}) {
      await actions.createData('settings-index.json', JSON.stringify(indexEntries(content as Catalogue)));
    },
  };
}
