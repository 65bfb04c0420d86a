/**
 * `npm run build:pdf [siteDir]`: prints the administration and deployment guides from the built
 * site (default build/) to <siteDir>/pdf/*.pdf with Chromium, served by the production nginx config.
 * Needs a build (its pages and the sidebars it writes), Debian's chromium and nginx.
 */
import path from 'node:path';
import {buildPdfs, REPO_ROOT} from './lib/pdf';
import {mb} from './lib/measure';

async function main() {
  const siteDir = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, 'build'));
  const start = Date.now();
  await buildPdfs(siteDir, {
    onGuide: (r) => {
      console.log(`${path.relative(process.cwd(), r.file)}: ${r.pages} pages from ${r.sourcePages} doc pages, ${mb(r.bytes)}, ${(r.ms / 1000).toFixed(1)} s`);
      if (r.overflow.length) console.warn(`  warning: wider than the sheet, so every page is printed smaller: ${r.overflow.join(', ')}`);
      for (const link of r.brokenAnchors) console.warn(`  warning: link to a missing anchor, pointed at its page: ${link}`);
    },
  });
  console.log(`PDFs done in ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
