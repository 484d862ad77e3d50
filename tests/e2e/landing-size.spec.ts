import { expect, test } from './support/fixtures';
import { recordScripts } from './support/script-sizes';

// The JavaScript the customer's landing page (/landing-page/{id}, its own entry: Preact, plain
// fetch, no Mantine, no tRPC client, no zod) loads, gzipped as served: 14.7 kB when this budget
// was set (the entry, Vite's preload helper and a tiny chunk shared with the back office). The QR
// code library (4 kB) is a lazy chunk that only opening the Pix option loads: not counted here.
// The ceiling is 60 kB.
const BUDGET_BYTES = 60_000;

test('the landing page loads at most its JavaScript budget (gzip)', async ({ page }) => {
  const scripts = recordScripts(page);

  // Every landing page loads the same entry; a link no budget has needs no seeded agency.
  await page.goto('/landing-page/6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Link inválido' })).toBeVisible();
  const { entry, total, summary } = await scripts.measure();
  expect(entry).toMatch(/^\/assets\/landing-[\w-]+\.js$/);
  console.log(`landing page JavaScript: ${summary}`);
  expect(total, summary).toBeLessThanOrEqual(BUDGET_BYTES);
});
