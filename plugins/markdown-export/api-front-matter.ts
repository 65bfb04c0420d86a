/**
 * The `api` front matter of a generated API page: the operation as deflated JSON in base64
 * (docusaurus-plugin-openapi-docs). Kept apart from scripts/lib/api-samples.ts, whose code generators
 * are heavy to load, so that this plugin can read operations without them.
 */
import zlib from 'node:zlib';

/* eslint-disable @typescript-eslint/no-explicit-any -- the operation is the plugin's untyped JSON. */

/** The operation in an `api` front matter value. */
export function decodeApiValue(encoded: string): any {
  return JSON.parse(zlib.unzipSync(Buffer.from(encoded, 'base64')).toString('utf8'));
}
