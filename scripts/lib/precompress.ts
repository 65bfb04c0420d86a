/**
 * Gzip copies of the build's text files (`x.html.gz` next to `x.html`), made once at build time at
 * the best level, so that nginx sends them as they are (`gzip_static on`) instead of compressing
 * every response again: under load the large pages and the search index shards would otherwise
 * cost a core each (measured with wrk: the administration shard went from 29 requests per second,
 * with time-outs, to thousands).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {listFiles} from '../../plugins/shared/files';

/**
 * The types nginx compresses (deploy/nginx gzip_types), by extension, and the PDF guides: their
 * accessibility tags are uncompressed structure, so gzip halves them (30 → 14 MB).
 */
export const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|xml|txt|md|yaml|webmanifest|pdf)$/;
/** Smaller files are sent as they are (nginx gzip_min_length). */
const MIN_BYTES = 512;

/** Files nginx refuses to serve: anything in a dot folder (the build's data for nginx and the PDF step). */
const unserved = (dir: string, file: string) =>
  path
    .relative(dir, file)
    .split(path.sep)
    .some((part) => part.startsWith('.'));

/** Writes the .gz copies; returns how many files were compressed and their bytes before and after. */
export function precompress(dir: string): {files: number; raw: number; gzip: number} {
  let files = 0;
  let raw = 0;
  let gzip = 0;
  for (const file of listFiles(dir, (f) => COMPRESSIBLE.test(f) && !unserved(dir, f))) {
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const compressed = zlib.gzipSync(bytes, {level: 9});
    if (compressed.length >= bytes.length) continue;
    fs.writeFileSync(`${file}.gz`, compressed);
    files += 1;
    raw += bytes.length;
    gzip += compressed.length;
  }
  return {files, raw, gzip};
}
