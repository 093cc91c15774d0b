import { test, signInAndWait, waitForRows } from './fixtures';
test('debug', async ({ page }) => {
  await signInAndWait(page, undefined, '/parking/parkingAdmin');
  await waitForRows(page);
  await page.waitForTimeout(500);
  const html = await page.evaluate(() => [...document.querySelectorAll('[role=combobox]')].map((el) => {
    const lab = el.getAttribute('aria-labelledby'); const ok = lab && document.getElementById(lab);
    return (ok ? 'OK ' : 'BAD ') + el.outerHTML.slice(0, 200) + '\n   PARENT: ' + (el.parentElement?.parentElement?.outerHTML.slice(0, 300) ?? '');
  }).join('\n\n'));
  console.log(html);
});
