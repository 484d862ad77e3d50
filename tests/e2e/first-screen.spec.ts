import { expect, test } from './support/fixtures';
import { recordScripts } from './support/script-sizes';

// The JavaScript the first screen (/login) loads, gzipped as served: 167.5 kB when this budget was
// set (react-dom, react-router, Mantine, TanStack Query, tRPC, @mantine/form). What only signed-in
// screens, date fields or the first validation need loads with them, not here. Raised to 175 kB
// with the budget screens (171 kB): the entry carries the preload map of every lazy screen and
// Mantine pieces many screens share; the login's own code did not grow.
const BUDGET_BYTES = 175_000;

test('the login screen loads at most its JavaScript budget (gzip)', async ({ page }) => {
  const scripts = recordScripts(page);

  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByLabel('E-mail')).toBeVisible();
  const { total, summary } = await scripts.measure();
  expect(total, summary).toBeLessThanOrEqual(BUDGET_BYTES);
});

test('the built files go out precompressed, and the hashed ones are cached for good', async ({ page }) => {
  await page.goto('/login');
  const entry = await page.evaluate(() => new URL(document.querySelector<HTMLScriptElement>('script[type="module"]')?.src ?? '').pathname);
  expect(entry).toMatch(/^\/assets\/.+\.js$/);

  for (const encoding of ['br', 'gzip'] as const) {
    const res = await page.request.get(entry, { headers: { 'accept-encoding': encoding } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-encoding']).toBe(encoding);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers().vary).toContain('accept-encoding');
  }
  const plain = await page.request.get(entry, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect((await plain.body()).toString('utf8')).toContain('import');

  // The page itself is never kept: a new build must reach the next load.
  const html = await page.request.get('/login');
  expect(html.headers()['cache-control']).not.toContain('immutable');
});
