import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { isolatedUnitTests } from './tests/helpers/isolated-unit-tests.ts';

// Node keeps the compiled code of what vitest's workers and the CLIs the tests start load, as npm's
// scripts do (package.json): a module unchanged since it was last compiled is not compiled again.
process.env.NODE_COMPILE_CACHE ??= join(import.meta.dirname, 'node_modules/.cache/node-compile');

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // vitest's own default is a worker fewer than the cores: one on a 2-core machine, idle whenever
    // its test waits for Chromium, a server or a CLI, which run in processes of their own.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Pure and fixture tests, and the CLIs on scratch copies (npm run test:unit runs both unit
      // projects). npm test runs them beside the type check and lint (scripts/side-by-side.ts):
      // four processes on two cores, so a test that runs the CLIs a dozen times may wait on them.
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...isolatedUnitTests],
          isolate: false,
          testTimeout: 90_000,
        },
      },
      { extends: true, test: { name: 'unit-isolated', include: isolatedUnitTests, testTimeout: 90_000 } },
      // Type-level tests (*.test-d.ts): vitest runs tsc over them and what they import alone, and
      // each `@ts-expect-error` there fails the run the day its error is gone.
      {
        extends: true,
        test: {
          name: 'types',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['tests/**/*.test-d.ts'],
            tsconfig: 'tests/tsconfig.types.json',
          },
        },
      },
      // dist/ read as files, and scratch sites built, served and edited.
      { extends: true, test: { name: 'build', include: ['tests/build/**/*.test.ts'], testTimeout: 90_000 } },
      // The pages in Chromium: one preview of dist/ and one browser for every file (globalSetup),
      // each file with a connection and contexts of its own, so files run side by side.
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/helpers/site-setup.ts'],
          // A page check waits on Chromium, in processes of its own: on a loaded 2-core machine one
          // took 30 s (reader.test, a sweep page at 1440 px with axe). A timeout is no performance
          // claim (those live in the bench), so it only has to be long enough not to fail a check
          // that would pass.
          testTimeout: 90_000,
        },
      },
    ],
  },
});
