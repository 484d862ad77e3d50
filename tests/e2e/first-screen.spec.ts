import { gzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures';

// The JavaScript the first screen (/login) loads, gzipped as served: 167.5 kB when this budget was
// set (react-dom, react-router, Mantine, TanStack Query, tRPC, @mantine/form). What only signed-in
// screens, date fields or the first validation need loads with them, not here. Raised to 175 kB
// with the budget screens (171 kB): the entry carries the preload map of every lazy screen and
// Mantine pieces many screens share; the login's own code did not grow.
const BUDGET_BYTES = 175_000;

test('the login screen loads at most its JavaScript budget (gzip)', async ({ page }) => {
  const bodies = new Map<string, Promise<Buffer | null>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script' || url.pathname.endsWith('.js')) {
      bodies.set(
        url.pathname,
        response.body().catch(() => null),
      );
    }
  });

  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByLabel('E-mail')).toBeVisible();
  const entry = await page.evaluate(() => new URL(document.querySelector<HTMLScriptElement>('script[type="module"]')?.src ?? '').pathname);

  const files = await Promise.all(
    [...bodies].map(async ([path, body]) => {
      const bytes = await body;
      return { path, gzip: bytes ? gzipSync(bytes, { level: 9 }).length : Number.NaN };
    }),
  );
  expect(files.map((file) => file.path)).toContain(entry);
  expect(
    files.filter((file) => Number.isNaN(file.gzip)).map((file) => file.path),
    'scripts whose body could not be read',
  ).toEqual([]);

  const total = files.reduce((sum, file) => sum + file.gzip, 0);
  const listing = files
    .sort((a, b) => b.gzip - a.gzip)
    .map((file) => `${(file.gzip / 1000).toFixed(2).padStart(7)} kB  ${file.path}`)
    .join('\n');
  expect(total, `${files.length} files, ${(total / 1000).toFixed(1)} kB gzip:\n${listing}`).toBeLessThanOrEqual(BUDGET_BYTES);
});
