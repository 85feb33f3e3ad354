import { expect, test } from '@playwright/test';

test('the window says what Votary is', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Votary' })).toBeVisible();
  await expect(page.getByText('Desktop wallet, node monitor and local node')).toBeVisible();
  for (const role of ['Wallet', 'Node monitor', 'Local node']) {
    await expect(page.getByRole('heading', { level: 2, name: role })).toBeVisible();
  }
  // No host bridge yet in the browser shell: the page says so instead of pretending.
  await expect(page.getByTestId('host-status')).toHaveText(
    'Preview: no Votary host is connected to this page.',
  );
  expect(errors).toEqual([]);
});

test('the browser shell refuses a foreign Host header (DNS-rebinding guard)', async ({ request }) => {
  const response = await request.get('/', { headers: { host: 'evil.example:4310' } });
  expect(response.status()).toBe(421);
});
