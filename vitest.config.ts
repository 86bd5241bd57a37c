import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // The package matrix (tests/package): consumers run three at a time;
          // a cold run installs every consumer's tools first.
          name: 'package',
          include: ['tests/package/**/*.test.ts'],
          environment: 'node',
          testTimeout: 900_000,
          hookTimeout: 1_200_000,
          maxConcurrency: 3,
        },
      },
    ],
  },
});
