/**
 * The spec check without a build (`npm run check:openapi`): our own rules (files, $refs, operations,
 * examples) and Redocly's recommended lint over the bundle.
 */
import {bundleSpec, lintBundle, type SpecProblem} from './spec';

/** Every problem of one version, with its file and JSON pointer, and its number of operations. */
export async function checkVersion(version: string): Promise<{operations: number; problems: SpecProblem[]}> {
  const bundle = bundleSpec(version);
  const {errors} = await lintBundle(bundle);
  return {operations: bundle.operations.length, problems: [...bundle.problems, ...errors]};
}
