import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {defineConfig} from 'vitest/config';

// An ES module (.mts): as a .ts file in a CommonJS package, Vite warned on every run (once per project)
// that ESM syntax is loaded as CommonJS.
const root = path.dirname(fileURLToPath(import.meta.url));

const alias = {
  // Components are rendered outside Docusaurus: stand-ins for the framework modules they import.
  '@docusaurus/Link': path.resolve(root, 'tests/support/Link.tsx'),
  '@site': root,
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: {alias},
        oxc: {jsx: {runtime: 'automatic'}},
        // Many unit tests run a real tool (cspell loading its dictionaries, promtool, nginx, Chromium): on a
        // busy two-core machine one takes several seconds, so Vitest's 5 s default failed them for no fault.
        test: {name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000},
      },
      {
        // Checks of the production build in build/ (run after `npm run build`).
        test: {name: 'build', include: ['tests/build/**/*.test.ts'], environment: 'node'},
      },
      {
        // The code samples against the mock server (needs the bundled spec from `npm run build`).
        test: {name: 'samples', include: ['tests/samples/**/*.test.ts'], environment: 'node', testTimeout: 130_000, hookTimeout: 90_000},
      },
    ],
  },
});
