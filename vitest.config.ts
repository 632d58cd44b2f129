import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Pure and fixture tests: independent files, run in parallel.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // Tests of dist/: browser tests share one preview server and one Chromium, so files run in turn.
      {
        extends: true,
        test: {
          name: 'site',
          include: ['tests/build/**/*.test.ts', 'tests/browser/**/*.test.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});
