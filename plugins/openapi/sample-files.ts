/**
 * Where an operation page's build-time code samples live: `<id>.samples.json` beside its
 * `<id>.api.mdx`. The page re-exports the file as `codeSamples` (src/theme/ApiItem renders them),
 * and the Markdown export reads the same file, so samples are made once per build and read as data.
 * Kept apart from ./samples, whose code generators are heavy to load.
 */
import fs from 'node:fs';
import type {CodeSampleLanguage} from '../../src/components/ApiPanel/StaticCodeSamples';

/** The name under which a page's module exports its samples. */
export const SAMPLES_EXPORT = 'codeSamples';

/** Generated sample files (git-ignored, removed with the pages by ./prepare.ts). */
export const SAMPLES_FILE = /\.samples\.json$/;

export function samplesFileName(pageId: string): string {
  return `${pageId}.samples.json`;
}

/** The samples file of a generated operation page (`…/create-post.api.mdx` → `…/create-post.samples.json`). */
export function samplesFileOf(pageFile: string): string {
  if (!pageFile.endsWith('.api.mdx')) throw new Error(`${pageFile} is not a generated operation page (*.api.mdx)`);
  return pageFile.replace(/\.api\.mdx$/, '.samples.json');
}

/** A page's samples as the generator wrote them; a missing or malformed file names itself. */
export function readSamples(pageFile: string): CodeSampleLanguage[] {
  const file = samplesFileOf(pageFile);
  let samples: unknown;
  try {
    samples = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot read the page's code samples (${(error as Error).message}); run scripts/prepare-api.ts`);
  }
  if (!Array.isArray(samples)) throw new Error(`${file}: expected a list of code-sample languages`);
  return samples as CodeSampleLanguage[];
}

/** The first cURL sample of a page, as the page shows it. */
export function curlSampleOf(pageFile: string): string | undefined {
  return readSamples(pageFile).find((lang) => lang.language === 'curl')?.variants[0]?.code;
}
