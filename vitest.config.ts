import path from 'node:path';
import {defineConfig} from 'vitest/config';

const alias = {
  // Components are rendered outside Docusaurus: stand-ins for the framework modules they import.
  '@docusaurus/Link': path.resolve(__dirname, 'tests/support/Link.tsx'),
  '@site': __dirname,
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: {alias},
        oxc: {jsx: {runtime: 'automatic'}},
        test: {name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node'},
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
