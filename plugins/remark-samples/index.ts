import codeImport from 'remark-code-import';

/**
 * Fills code blocks written as ```lang file=<rootDir>/samples/…``` with the file's content
 * (remark-code-import), so a page shows exactly the program the sample tests run. A missing file
 * stops the build with the page and the path. `fingerprint` (./samples.ts) only exists
 * to change the loader options, and so the build cache, when a sample changes.
 */
export default function remarkSamples(options: {rootDir: string; fingerprint: string}) {
  return codeImport({rootDir: options.rootDir});
}
