// The customer's landing page on a 360 px phone, without any session: the budget of
// support/budget-seed.ts (two proposals; a Pix and a card method) sent by its agent, opened from its
// link; proposals switched (the total follows), the Pix copia e cola shown with its QR code, a
// proposal accepted; then the link revoked, and links no budget has.
import { toCurrency } from '@app/shared/format';
import type { LandingPage } from '@app/shared/landing-pages';
import { LANDING_PAGE_MESSAGES } from '@app/shared/landing-rules';
import type { APIRequestContext } from '@playwright/test';
import { type SeededBudget, seedBudget } from './support/budget-seed';
import { pngImage } from './support/crm';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 360, height: 740 }, permissions: ['clipboard-read', 'clipboard-write'] });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Marks the seeded budget sent (a draft's link answers nobody) and returns its link's id. */
async function sendBudget(request: APIRequestContext, seeded: SeededBudget): Promise<string> {
  const res = await request.patch(`/api/budgets/${seeded.budgetId}`, { headers: auth(seeded.token), data: { status: 'sent' } });
  expect(res.ok(), `send: ${res.status()} ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { landing_page_id: string }).landing_page_id;
}

/** The page's own data, as the customer's browser gets it (no token). */
async function landingData(request: APIRequestContext, id: string): Promise<LandingPage> {
  const res = await request.get(`/api/budgets/landing-page/${id}`);
  expect(res.ok(), `landing data: ${res.status()}`).toBeTruthy();
  return (await res.json()) as LandingPage;
}

const horizontalOverflow = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('landing page', () => {
  test('the customer switches proposals, sees the Pix code and accepts one', async ({ page, request }) => {
    test.setTimeout(120_000);
    const seeded = await seedBudget(request);
    const id = await sendBudget(request, seeded);
    const data = await landingData(request, id);
    const lisboa = data.proposals.find((p) => p.id === seeded.lisboa.id);
    const porto = data.proposals.find((p) => p.id === seeded.porto.id);
    expect(lisboa?.totals && porto?.totals, 'both proposals priced (show_values)').toBeTruthy();
    const lisboaTotal = toCurrency(lisboa?.totals?.sale_cents, data.currency);
    const portoTotal = toCurrency(porto?.totals?.sale_cents, data.currency);
    expect(lisboaTotal).not.toBe(portoTotal);

    // Served as its own page, never indexed, its data preloaded with the HTML.
    const response = await page.goto(`/landing-page/${id}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="preload"][as="fetch"]')).toHaveAttribute('href', `/api/budgets/landing-page/${id}`);

    await expect(page.getByRole('heading', { level: 1, name: 'Férias em Portugal' })).toBeVisible();
    await expect(page.getByText('Para Ana, Bruno e Clara')).toBeVisible();
    await expect(page.getByText(seeded.agency.name).first()).toBeVisible();
    // What the customer never sees: the supplier of the car.
    await expect(page.getByText(seeded.supplierName)).toHaveCount(0);

    // The first proposal, day by day: the flight with its airports and times, the hotel, the tour.
    const tabs = page.getByRole('tablist', { name: 'Propostas' });
    const lisboaTab = tabs.getByRole('tab', { name: 'Opção Lisboa' });
    const portoTab = tabs.getByRole('tab', { name: 'Opção Porto' });
    await expect(lisboaTab).toHaveAttribute('aria-selected', 'true');
    const total = page.getByTestId('proposal-total');
    await expect(total).toHaveText(lisboaTotal);
    const panel = page.getByRole('tabpanel');
    const flight = panel.getByRole('article', { name: /Voo São Paulo–Lisboa/ });
    await expect(flight.getByText('GRU', { exact: true }).first()).toBeVisible();
    await expect(flight.getByText('LIS', { exact: true }).first()).toBeVisible();
    await expect(flight.getByText('22:10', { exact: true })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Hotel Avenida Palace' })).toBeVisible();
    await expect(panel.getByText('Dia 1')).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Passeio por Sintra' })).toBeVisible();
    expect(await horizontalOverflow(page), 'no horizontal scroll at 360 px').toBeLessThanOrEqual(0);

    // Switching: the total follows at once; the arrow keys move between the tabs too.
    await portoTab.click();
    await expect(portoTab).toHaveAttribute('aria-selected', 'true');
    await expect(total).toHaveText(portoTotal);
    await expect(panel.getByRole('heading', { name: 'Carro no Porto' })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Hotel Avenida Palace' })).toHaveCount(0);
    await page.keyboard.press('ArrowLeft');
    await expect(lisboaTab).toHaveAttribute('aria-selected', 'true');
    await expect(lisboaTab).toBeFocused();
    await expect(total).toHaveText(lisboaTotal);
    await page.keyboard.press('ArrowRight');
    await expect(portoTab).toHaveAttribute('aria-selected', 'true');
    await expect(total).toHaveText(portoTotal);

    // Pix: the key, the copia e cola (an EMV BR Code) and its QR code, drawn once opened.
    const pix = porto?.payment_options.find((o) => o.kind === 'pix')?.pix;
    expect(pix?.br_code).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
    await expect(page.getByRole('img', { name: /QR Code Pix/ })).toHaveCount(0);
    await panel.locator('summary', { hasText: 'Pix' }).click();
    await expect(page.getByTestId('pix-br-code')).toHaveText(pix?.br_code as string);
    await expect(page.getByText('financeiro@agencia-e2e.test', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR Code Pix/ })).toBeVisible();
    await page.getByRole('button', { name: 'Copiar código Pix' }).click();
    await expect(page.getByRole('button', { name: 'Código copiado!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pix?.br_code);
    expect(await horizontalOverflow(page), 'no horizontal scroll with the Pix code open').toBeLessThanOrEqual(0);

    // Accepting the shown proposal with the card in 3x.
    const form = page.getByRole('form', { name: 'Gostou? Aceite sua proposta' });
    await expect(form.getByLabel('Proposta escolhida')).toHaveValue(String(seeded.porto.id));
    await form.getByLabel('Nome completo').fill('Ana Viajante');
    await form.getByLabel('E-mail').fill('ana.viajante@e2e.test');
    await form.getByLabel('Forma de pagamento').selectOption({ label: 'Cartão em 10x' });
    await form.getByLabel('Parcelas').selectOption({ index: 2 });
    await form.getByRole('button', { name: 'Aceitar “Opção Porto”' }).click();
    await expect(page.getByRole('heading', { name: LANDING_PAGE_MESSAGES.accepted })).toBeVisible();
    await expect(page.getByText('“Opção Porto” foi aceita por Ana Viajante')).toBeVisible();
    await expect(form).toHaveCount(0);

    // The agent reads who accepted what.
    const info = await request.get(`/api/budgets/${seeded.budgetId}/accepted-info`, { headers: auth(seeded.token) });
    const accepted = ((await info.json()) as { accepted: { name: string; email: string; installments: number; proposal: { id: number } } })
      .accepted;
    expect(accepted).toMatchObject({
      name: 'Ana Viajante',
      email: 'ana.viajante@e2e.test',
      installments: 3,
      proposal: { id: seeded.porto.id },
    });

    // Opened again: the accepted state, no form.
    await page.reload();
    await expect(page.getByRole('heading', { name: LANDING_PAGE_MESSAGES.alreadyAccepted })).toBeVisible();
    await expect(portoTab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('form')).toHaveCount(0);

    // Revoked by the agency: the same link now says it is no longer valid.
    const revoke = await request.delete(`/api/budgets/${seeded.budgetId}/landing-page`, { headers: auth(seeded.token) });
    expect(revoke.ok(), `revoke: ${revoke.status()}`).toBeTruthy();
    await page.reload();
    await expect(page.getByText(LANDING_PAGE_MESSAGES.invalidLink)).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('the cover: in the HTML before the script runs, resized for the phone, kept by the app', async ({ page, request }) => {
    test.setTimeout(90_000);
    const seeded = await seedBudget(request);
    const upload = await request.post('/api/uploads/image', {
      headers: auth(seeded.token),
      multipart: { file: { name: 'capa.png', mimeType: 'image/png', buffer: pngImage(960) } },
    });
    expect(upload.ok(), `upload: ${upload.status()}`).toBeTruthy();
    const { key } = (await upload.json()) as { key: string };
    const tree = (await (await request.get(`/api/budgets/${seeded.budgetId}`, { headers: auth(seeded.token) })).json()) as {
      attendance_id: number;
    };
    const cover = await request.patch(`/api/attendances/${tree.attendance_id}`, {
      headers: auth(seeded.token),
      data: { cover_image_key: key },
    });
    expect(cover.ok(), `cover: ${cover.status()}`).toBeTruthy();
    const id = await sendBudget(request, seeded);

    // The server's HTML already holds the hero: the cover (preloaded) and the title.
    const html = await (await request.get(`/landing-page/${id}`)).text();
    expect(html).toContain('<link rel="preload" as="image" imagesrcset="');
    expect(html).toContain('<h1>Férias em Portugal</h1>');

    // The app takes the server's hero over (one cover, one title) and the page goes on below it.
    await page.goto(`/landing-page/${id}`);
    await expect(page.getByRole('tablist', { name: 'Propostas' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const img = page.locator('img.lp-cover');
    await expect(img).toHaveCount(1);
    // 360 px at 1x: the 480 px copy, a WebP.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc))
      .toMatch(/\/api\/uploads\/images\/\d+\/[0-9a-f-]+\.png\?w=480$/);
    const copy = await request.get(await img.evaluate((el: HTMLImageElement) => el.currentSrc));
    expect(copy.headers()['content-type']).toBe('image/webp');
  });

  test('a link no budget has shows the invalid-link page, still never indexed', async ({ page }) => {
    for (const path of ['/landing-page/6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab', '/landing-page/nao-e-um-uuid']) {
      const response = await page.goto(path);
      expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await expect(page.getByRole('heading', { name: 'Link inválido' })).toBeVisible();
      await expect(page.getByText(LANDING_PAGE_MESSAGES.invalidLink)).toBeVisible();
    }
  });
});
