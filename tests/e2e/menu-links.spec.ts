import { test, expect, signInAndWait } from './fixtures';

test('系统工具 › 接口文档 opens the API documentation in a new tab (a path on this server is a link too)', async ({ page }) => {
  await signInAndWait(page);
  await page
    .getByRole('link', { name: '系统工具' })
    .or(page.getByText('系统工具', { exact: true }))
    .first()
    .click();
  const link = page.getByRole('link', { name: '接口文档' });
  await expect(link).toHaveAttribute('href', '/api/docs');
  const [docs] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(docs.getByRole('heading', { name: '接口文档' })).toBeVisible();
});
