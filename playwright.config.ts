import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  // parallel runs with their own DIST_DIR keep their own results
  outputDir: process.env.DIST_DIR ? `test-results/${process.env.DIST_DIR}` : 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // one retry, and the list reporter names every test that needed it as flaky: on a loaded 2-core
  // machine a click now and then lands while amis re-renders; a defect fails both runs
  retries: process.env.E2E_RETRIES ? Number(process.env.E2E_RETRIES) : 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    locale: 'zh-CN',
    viewport: { width: 1366, height: 800 },
    acceptDownloads: true,
    trace: 'off',
    launchOptions: chromiumLaunchOptions,
  },
});
