// The agent's side of the customer's page (run on its own port, e.g. E2E_PORT=3195): the budget of
// support/budget-seed.ts shared from its screen — the link copied (a draft first marked as sent),
// the e-mail queued; then the customer opens the page and accepts a proposal through the public
// API, and the agent sees who accepted what, the visits on the budget and on the attendance's card,
// and the acceptance in the attendance's history. Also the owner's "Dados da agência".
import { readFile } from 'node:fs/promises';
import { LANDING_VISIT_WINDOW_MINUTES, landingPagePath } from '@app/shared/landing-rules';
import type { Page } from '@playwright/test';
import { apiToken, login } from './support/app';
import { createAgency } from './support/billing';
import { seedBudget } from './support/budget-seed';
import { pngImage } from './support/crm';
import { expect, test } from './support/fixtures';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

async function openShareMenu(page: Page) {
  await page.getByRole('button', { name: 'Compartilhar' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

test.describe('budget sharing', () => {
  test('the agent shares the link and the e-mail, then sees the acceptance and the views', async ({ page, request }) => {
    test.setTimeout(150_000);
    const seeded = await seedBudget(request);
    const { budgetId, token } = seeded;
    const budget = await (await request.get(`/api/budgets/${budgetId}`, { headers: auth(token) })).json();
    await login(page, seeded.agency.owner.email, seeded.agency.owner.password);

    // The information screen of a draft: nothing happened yet.
    await page.goto(`/orcamento-infor/${budgetId}`);
    await expect(page.getByTestId('budget-status')).toHaveText('Rascunho');
    const panel = page.getByRole('region', { name: 'Cliente' });
    await expect(panel.getByTestId('accepted-none')).toBeVisible();
    await expect(panel.getByTestId('budget-views-count')).toHaveText('Nenhuma visita ainda.');
    await expect(panel.getByTestId('budget-views-rule')).toContainText(`a cada ${LANDING_VISIT_WINDOW_MINUTES} minutos`);
    const url = `${new URL(page.url()).origin}${landingPagePath(budget.landing_page_id)}`;
    await expect(panel.getByTestId('landing-link')).toHaveText(url);

    // Copying a draft's link first asks to mark it as sent.
    await openShareMenu(page);
    await page.getByRole('menuitem', { name: 'Copiar link' }).click();
    const ask = page.getByRole('dialog', { name: 'Marcar como enviado?' });
    await ask.getByRole('button', { name: 'Marcar como enviado' }).click();
    await expect(page.getByText('Link copiado.')).toBeVisible();
    await expect(page.getByTestId('budget-status')).toHaveText('Enviado');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The WhatsApp item of a sent budget opens wa.me with the link, no question asked (WhatsApp answered locally).
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>WhatsApp</p>' }));
    const popup = page.waitForEvent('popup');
    await openShareMenu(page);
    await page.getByRole('menuitem', { name: 'WhatsApp' }).click();
    const whatsapp = await popup;
    await whatsapp.waitForLoadState();
    expect(whatsapp.url()).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(new URL(whatsapp.url()).searchParams.get('text')).toContain(url);
    await whatsapp.close();

    // The e-mail: the chosen proposal only, queued, and listed on the panel.
    await openShareMenu(page);
    await page.getByRole('menuitem', { name: 'Enviar por e-mail' }).click();
    const mail = page.getByRole('dialog', { name: 'Enviar orçamento por e-mail' });
    await mail.getByLabel('Destinatários').fill('cliente-viajante@e2e.test');
    await mail.getByLabel('Destinatários').press('Enter');
    await mail.getByLabel('Mensagem').fill('Segue a proposta que conversamos.');
    await mail.getByRole('switch', { name: 'Enviar só algumas propostas' }).check();
    await mail.getByRole('checkbox', { name: 'Opção Porto' }).uncheck();
    await mail.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page.getByText('E-mail na fila de envio.')).toBeVisible();
    await expect(mail).toHaveCount(0);
    await expect(panel.getByTestId('budget-mailing')).toHaveCount(1);
    await expect(panel.getByTestId('budget-mailing')).toContainText('cliente-viajante@e2e.test');
    await expect(panel.getByTestId('budget-mailing')).toContainText('1 proposta');

    // The customer: opens the page from a phone and reads it again (one visit) and accepts the Lisboa option.
    for (let read = 0; read < 2; read++) {
      const opened = await request.get(`/api/budgets/landing-page/${budget.landing_page_id}`, { headers: { 'user-agent': PHONE_UA } });
      expect(opened.ok(), `landing page: ${opened.status()}`).toBeTruthy();
    }
    const accepted = await request.put(`/api/budgets/accept/${budget.landing_page_id}`, {
      headers: { 'user-agent': PHONE_UA },
      data: { proposal_id: seeded.lisboa.id, name: 'Ana Viajante', email: 'ana.viajante@e2e.test' },
    });
    expect(accepted.ok(), `accept: ${accepted.status()} ${await accepted.text()}`).toBeTruthy();

    // The agent: who accepted what, from where; the visit counted once, its visitor and when.
    await page.reload();
    await expect(page.getByTestId('budget-status')).toHaveText('Aceito');
    const info = panel.getByTestId('accepted-info');
    await expect(info).toContainText('Ana Viajante');
    await expect(info).toContainText('ana.viajante@e2e.test');
    await expect(info).toContainText('Opção Lisboa');
    await expect(info).toContainText('Chrome no Android');
    await expect(panel.getByTestId('budget-views-count')).toHaveText(
      /^1 visita de 1 visitante · última em \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/,
    );

    // The attendance's card, in the list and in the funnel, and its history.
    await page.goto('/atendimentos');
    const row = page.getByTestId('attendance-row').filter({ hasText: 'Férias em Portugal' });
    await expect(row.getByTestId('attendance-budget-views')).toHaveText('1 visita');
    await expect(row.getByTestId('attendance-budget-accepted')).toHaveText('Aceito');
    await page.goto('/atendimentos?visao=funil');
    const card = page.getByTestId('funnel-card').filter({ hasText: 'Férias em Portugal' });
    await expect(card.getByTestId('attendance-budget-views')).toHaveText('1 visita');
    await expect(card.getByTestId('attendance-budget-accepted')).toHaveText('Aceito');
    const logs = await request.get(`/api/attendances/${budget.attendance_id}/logs?per_page=50`, { headers: auth(token) });
    expect(logs.status(), `attendance history: ${await logs.text()}`).toBe(200);
    await card.click();
    await expect(page.getByTestId('attendance-history').getByText('Proposta aceita pelo cliente')).toBeVisible();
  });

  test('from the editor: the PDF downloads, the page opens, a new link replaces the old one, the link is revoked', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const seeded = await seedBudget(request);
    const { budgetId, token } = seeded;
    const sent = await request.patch(`/api/budgets/${budgetId}`, { headers: auth(token), data: { status: 'sent' } });
    expect(sent.ok()).toBeTruthy();
    const first: string = (await sent.json()).landing_page_id;
    await login(page, seeded.agency.owner.email, seeded.agency.owner.password);
    await page.goto(`/novo-orcamento/${budgetId}`);
    await expect(page.getByTestId('budget-status')).toHaveText('Enviado');

    // The PDF, fetched with the agent's token and saved.
    const download = page.waitForEvent('download');
    await openShareMenu(page);
    await page.getByRole('menuitem', { name: 'Baixar PDF' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe(`orcamento-${budgetId}.pdf`);
    const bytes = await readFile(await pdf.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The customer's page in a new tab.
    const popup = page.waitForEvent('popup');
    await openShareMenu(page);
    await page.getByRole('menuitem', { name: 'Abrir página do cliente' }).click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(landingPagePath(first));
    await tab.close();

    // A new link: the old one stops answering at once.
    await openShareMenu(page);
    await page.getByRole('menuitem', { name: 'Gerar novo link' }).click();
    await page.getByRole('dialog', { name: 'Gerar novo link?' }).getByRole('button', { name: 'Gerar novo link' }).click();
    await expect(page.getByText('Novo link gerado.')).toBeVisible();
    const second: string = (await (await request.get(`/api/budgets/${budgetId}`, { headers: auth(token) })).json()).landing_page_id;
    expect(second).not.toBe(first);
    expect((await request.get(`/api/budgets/landing-page/${first}`)).status()).toBe(404);
    expect((await request.get(`/api/budgets/landing-page/${second}`)).status()).toBe(200);

    // Revoked: nothing to share until a new link.
    await openShareMenu(page);
    await page.getByRole('menuitem', { name: 'Desativar link' }).click();
    await page.getByRole('dialog', { name: 'Desativar link?' }).getByRole('button', { name: 'Desativar link' }).click();
    await expect(page.getByText('Link desativado.')).toBeVisible();
    expect((await request.get(`/api/budgets/landing-page/${second}`)).status()).toBe(404);
    await openShareMenu(page);
    await expect(page.getByText('Link desativado: gere um novo para compartilhar.')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Copiar link' })).toBeDisabled();
    await expect(page.getByRole('menuitem', { name: 'Desativar link' })).toHaveCount(0);
  });

  test('the owner edits the agency data customers see, logo included', async ({ page, request }) => {
    const agency = await createAgency(request);
    const token = await apiToken(request, agency.owner.email, agency.owner.password);
    await login(page, agency.owner.email, agency.owner.password);
    await page.goto('/perfil');
    const card = page.getByRole('region', { name: 'Dados da agência' });
    await expect(card.getByLabel('Nome da agência')).toHaveValue(agency.name);

    // A wrong e-mail is refused on the field, before any call.
    await card.getByLabel('E-mail de contato').fill('contato@');
    await card.getByRole('button', { name: 'Salvar dados da agência' }).click();
    await expect(card.getByLabel('E-mail de contato')).toHaveAccessibleDescription(/inválido/);

    await card.getByLabel('E-mail de contato').fill('contato@agencia-e2e.test');
    await card.getByLabel('WhatsApp').fill('(11) 91234-5678');
    await card.getByLabel('Site').fill('https://agencia-e2e.test');
    await card.getByLabel('Cidade').fill('Campinas');
    await card.getByRole('combobox', { name: 'UF' }).fill('SP');
    await page.getByRole('option', { name: 'SP', exact: true }).click();
    await card.getByRole('button', { name: 'Salvar dados da agência' }).click();
    await expect(page.getByText('Dados da agência atualizados.')).toBeVisible();

    await card.getByLabel('Arquivo do logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngImage(32) });
    await expect(page.getByText('Logo atualizado.')).toBeVisible();
    await expect(card.getByTestId('agency-logo')).toBeVisible();

    // Saved: the API answers it back, and the page shows it after a reload.
    const company = await (await request.get(`/api/companies/${agency.id}`, { headers: auth(token) })).json();
    expect(company).toMatchObject({
      contact_email: 'contato@agencia-e2e.test',
      whatsapp: '(11) 91234-5678',
      website: 'https://agencia-e2e.test',
      city: 'Campinas',
      state: 'SP',
      logo_url: expect.stringMatching(/^\/api\/uploads\/images\//),
    });
    await page.reload();
    await expect(card.getByLabel('Cidade')).toHaveValue('Campinas');
  });
});
