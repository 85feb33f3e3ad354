import { expect, test } from '@playwright/test';

const token = process.env['VOTARY_SERVE_TOKEN'] ?? '';

test('the window says what Votary is, connected to its host', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto(`/#token=${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Votary' })).toBeVisible();
  // The page reached the host over the WebSocket bridge with the URL's token.
  await expect(page.getByTestId('host-status')).toHaveText(/^Votary \d+\.\d+\.\d+ · browser shell · \w+$/);
  expect(errors).toEqual([]);
});

test('without the token the page does not reach the host, and says which address to open', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByText('Desktop wallet, node monitor and local node')).toBeVisible();
  await expect(page.getByTestId('host-status')).toHaveText(
    'No Votary host is connected to this page. Open the address `votary serve` (or npm start) printed: it ends ' +
      'in #token=…, which lets this page reach the host; the address alone does not.',
  );
});

test('the browser shell refuses a foreign Host header (DNS-rebinding guard)', async ({ request }) => {
  const response = await request.get('/', { headers: { host: 'evil.example:4310' } });
  expect(response.status()).toBe(421);
});
