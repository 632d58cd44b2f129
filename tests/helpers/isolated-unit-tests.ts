// The unit test files that each need modules of their own (vitest.config.ts's `unit-isolated`
// project): they set an environment variable a module reads when it loads (PERFLAB_ROOT) or keep
// a module's worker thread. The other unit files share their worker's loaded modules (`isolate:
// false`), which saves loading zod, the schemas and the pipeline again for every file;
// tests/unit/isolation.test.ts holds a file that stubs the environment or a module to this list.
export const isolatedUnitTests = [
  'tests/unit/chart-thread-failure.test.ts',
  'tests/unit/chart-thread.test.ts',
  'tests/unit/corpus-import.test.ts',
  'tests/unit/import-writer.test.ts',
];
