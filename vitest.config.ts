import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['domain/**/*.test.ts', 'tests/unit/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // vitest's default leaves one core free, which is one worker on a 2-core CI machine; the main
    // process is idle while the files run, so every core takes a file
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // the server tests' template database, built once per run
    globalSetup: ['server/tests/global-setup.ts'],
  },
});
