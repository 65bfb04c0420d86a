/**
 * `npm run search:eval [-- --misses] [-- --reindex]`: runs the benchmark queries through our search
 * engine in Node, over the index in build/search-index (so after `npm run build`), and prints
 * quality by kind. The same engine runs in the browser's search worker. `--reindex` rebuilds the
 * index from the HTML in build/ first (quick, when only the indexing changed).
 */
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import searchIndex from '../plugins/search';
import {searchIndexOptions} from '../config/search';
import {listFiles} from '../plugins/shared/files';
import {PLUGIN_NAME as SETTINGS_PLUGIN} from '../plugins/settings';
import {loadCatalogue} from '../plugins/settings/catalogue';
import {evaluate, pct, quality} from './lib/search-eval';

const root = path.resolve(__dirname, '..');
const build = path.join(root, 'build');

async function reindex() {
  const routesPaths = listFiles(build, (f) => f.endsWith('.html')).map((f) => `/${path.relative(build, f)}`.replace(/\/index\.html$|\.html$/, '') || '/');
  const plugin = searchIndex(searchIndexOptions)({siteDir: root} as LoadContext);
  // The settings plugin's content, as the build hands it to the search plugin.
  const plugins = [{name: SETTINGS_PLUGIN, content: loadCatalogue()}];
  await plugin.postBuild!({outDir: build, routesPaths, plugins} as unknown as Parameters<NonNullable<typeof plugin.postBuild>>[0]);
}

async function main() {
  if (process.argv.includes('--reindex')) await reindex();
  const {evaluated, corpusMs} = evaluate(build);
  console.log(`index of the whole site loaded in ${corpusMs.toFixed(0)} ms`);
  const kinds = [...new Set(evaluated.map((e) => e.query.kind)), 'all'];
  for (const kind of kinds) {
    const q = quality(evaluated.filter((e) => kind === 'all' || e.query.kind === kind).map((e) => e.rank));
    console.log(
      `${kind.padEnd(14)} ${String(q.queries).padStart(4)}  R@1 ${pct(q.recallAt1).padStart(7)}  R@10 ${pct(q.recallAt10).padStart(7)}  MRR ${q.mrr.toFixed(3)}`,
    );
  }
  const times = evaluated.map((e) => e.ms).sort((a, b) => a - b);
  console.log(`query time p50 ${times[Math.floor(times.length / 2)].toFixed(1)} ms, p95 ${times[Math.floor(times.length * 0.95)].toFixed(1)} ms`);
  if (process.argv.includes('--misses')) {
    for (const {query, rank, result} of evaluated.filter((e) => e.rank !== 1)) {
      console.log(`${rank || '–'}\t${query.kind}\t${query.q}${result.retyped ? ` (→ ${result.retyped})` : ''}${result.error ? ` [${result.error}]` : ''}`);
      console.log(
        `\texpected ${query.expect}\n\tgot ${result.hits
          .slice(0, 3)
          .map((h) => h.url)
          .join(', ')}`,
      );
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
