/** File-tree helpers shared by the build scripts, plugins and tests. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Every file below `dir` (absolute paths, sorted) that `keep` accepts; none if `dir` does not exist. */
export function listFiles(dir: string, keep: (file: string) => boolean = () => true): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(keep)
    .sort();
}

/**
 * A short hash of the names (relative to `base`) and contents of `files`. Passed in a remark
 * plugin's options, it makes the build cache recompile pages whose output depends on those files.
 */
export function fingerprintFiles(files: string[], base: string): string {
  const hash = crypto.createHash('sha256');
  for (const file of files) hash.update(path.relative(base, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}
