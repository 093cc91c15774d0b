/**
 * Debian's Chromium (Playwright cannot download its own browser here) and the flags that keep it
 * quiet on a closed network: shared by the end-to-end tests and `npm run bench`.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
  ],
};
