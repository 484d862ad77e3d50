// Keyboard first in the budget editor (issue 34, item 4): the shortcuts and their sheet ("?" or
// "Atalhos"), never while typing; a service card opened with Enter, duplicated with D, its form
// saved with Ctrl+S; the open tab kept in view at 360 px; the accepted and the sold proposal marked
// on their tabs, the editor opening on them; and the customer's "Quero esta", which takes the
// focus to the accept form.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, DEMO, login } from './support/app';
import { seedBudget } from './support/budget-seed';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type Budget = { id: number; proposals: { id: number; title: string }[]; serviceTitle: string };

/** A budget of the demo agency with `count` proposals, a tour in the first, made through the API. */
async function budgetWithProposals(request: APIRequestContext, count: number): Promise<Budget> {
  const token = await apiToken(request, DEMO.owner.email);
  const post = async <T>(path: string, data: unknown) => {
    const res = await request.post(path, { headers: auth(token), data });
    expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
    return (await res.json()) as T;
  };
  const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Teclado') });
  const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title: uniqueName('Viagem a Recife') });
  const budget = await post<{ id: number; proposals: { id: number; title: string }[] }>('/api/budgets/', {
    attendance_id: attendance.id,
    title: uniqueName('Recife'),
    currency: 'BRL',
  });
  const proposals = [...budget.proposals];
  for (let n = proposals.length + 1; n <= count; n++)
    proposals.push(await post<{ id: number; title: string }>('/api/proposals/', { budget_id: budget.id, title: `Opção número ${n}` }));
  const serviceTitle = uniqueName('Passeio de jangada');
  await post('/api/services', {
    proposal_id: proposals[0]?.id,
    type: 'tour',
    title: serviceTitle,
    currency: 'BRL',
    adult_number: 2,
    child_number: 0,
    infant_number: 0,
    adult_cents: 15_000,
    details: { place: 'Porto de Galinhas' },
  });
  return { id: budget.id, proposals, serviceTitle };
}

const selectedTab = (page: Page) => page.getByRole('tab', { selected: true });

/** The editor at `path`, once its proposals show (a context's first page downloads the app: slow on a busy machine). */
async function openEditor(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('tablist')).toBeVisible({ timeout: 30_000 });
}

test.describe('keyboard first in the budget editor', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the shortcuts: their sheet, the proposals with ] and [, a new service with N; never while typing', async ({ page, request }) => {
    const budget = await budgetWithProposals(request, 3);
    const [first, second, third] = budget.proposals.map((p) => p.title);
    await login(page, DEMO.owner.email);
    await openEditor(page, `/novo-orcamento/${budget.id}`);
    await expect(selectedTab(page)).toHaveText(first as string);

    // "?" opens the sheet; so does the visible "Atalhos" button. The focus goes back to it.
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Atalhos do teclado' });
    await expect(sheet).toBeVisible();
    const keysOf = (action: string) => sheet.getByRole('row').filter({ hasText: action }).getByRole('cell').first();
    await expect(keysOf('Novo serviço')).toHaveText('N');
    await expect(keysOf('Próxima proposta')).toHaveText(']');
    await expect(keysOf('Proposta anterior')).toHaveText('[');
    await expect(keysOf('Duplicar o serviço em foco')).toHaveText('D');
    await expect(keysOf('Abrir o serviço em foco')).toHaveText('Enter');
    await expect(keysOf('Salvar o serviço aberto')).toHaveText('Ctrl+Sou⌘+S');
    await expect(keysOf('Mostrar os atalhos')).toHaveText('?');
    // Its keys are its own: ] changes nothing behind it.
    await page.keyboard.press(']');
    await expect(selectedTab(page)).toHaveText(first as string);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    const button = page.getByRole('button', { name: 'Atalhos' });
    await button.click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();

    // ] and [ move between the proposals, and stop at the ends.
    await page.keyboard.press(']');
    await expect(selectedTab(page)).toHaveText(second as string);
    await page.keyboard.press(']');
    await page.keyboard.press(']');
    await expect(selectedTab(page)).toHaveText(third as string);
    await expect(page).toHaveURL(new RegExp(`proposta=${budget.proposals[2]?.id}`));
    await page.keyboard.press('[');
    await page.keyboard.press('[');
    await expect(selectedTab(page)).toHaveText(first as string);

    // N opens the service types; a type, then its form.
    await page.keyboard.press('n');
    const types = page.getByRole('menu');
    await expect(types.getByRole('menuitem', { name: 'Hospedagem' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(types).toBeHidden();
    await page.keyboard.press('n');
    await types.getByRole('menuitem', { name: 'Transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo serviço: Transfer' });
    const title = dialog.getByLabel('Título');
    await expect(title).toBeFocused();

    // Typing: the letters and brackets are the field's.
    await title.pressSequentially('n]d[ Noronha');
    await expect(title).toHaveValue('n]d[ Noronha');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await dialog.getByLabel('Descrição').pressSequentially('?');
    await expect(sheet).toHaveCount(0);
    await expect(selectedTab(page)).toHaveText(first as string);
  });

  test('a service card: Enter opens it, D duplicates it, Ctrl+S saves its form', async ({ page, request }) => {
    const budget = await budgetWithProposals(request, 1);
    await login(page, DEMO.owner.email);
    await openEditor(page, `/novo-orcamento/${budget.id}`);
    const rows = page.getByTestId('service-row');
    await expect(rows).toHaveCount(1);

    // The card is a stop of the keyboard: its title's button.
    const card = rows.getByRole('button', { name: budget.serviceTitle, exact: true });
    await card.focus();
    await expect(card).toBeFocused();
    await page.keyboard.press('d');
    await expect(page.getByText('Serviço duplicado.').last()).toBeVisible();
    await expect(rows).toHaveCount(2);

    await card.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Editar serviço: Passeio/ingresso' });
    await expect(dialog.getByLabel('Título')).toBeFocused();
    await dialog.getByLabel('Título').fill('Jangada nas piscinas naturais');
    await dialog.getByLabel('Título').press('ControlOrMeta+s');
    await expect(page.getByText('Serviço atualizado.').last()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rows.getByRole('button', { name: 'Jangada nas piscinas naturais', exact: true })).toBeVisible();
    await expect(rows).toHaveCount(2);
  });

  test('a service form by keyboard: the type by its letter, its own fields after the title, one stop per time, M for a template', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const budget = await budgetWithProposals(request, 1);
    await login(page, DEMO.owner.email);
    await openEditor(page, `/novo-orcamento/${budget.id}`);

    // N, then a letter moves to the type that starts with it (type-ahead), Enter opens its form.
    await page.keyboard.press('n');
    const types = page.getByRole('menu');
    await expect(types.getByRole('menuitem', { name: 'Hospedagem' })).toBeVisible();
    await page.keyboard.press('l');
    await expect(types.getByRole('menuitem', { name: 'Locação de veículo' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Novo serviço: Locação de veículo' });
    const title = dialog.getByLabel('Título');
    await expect(title).toBeFocused();

    // The pick-up place comes right after the title; the title follows it while none is typed.
    await page.keyboard.press('Tab');
    const pickup = dialog.getByLabel('Retirada');
    await expect(pickup).toBeFocused();
    await page.keyboard.type('Aeroporto do Recife');
    await expect(title).toHaveValue('Locação de veículo · Aeroporto do Recife');

    // The fields every service has come after the type's own; a time is one Tab stop, typed as digits.
    for (const label of ['Devolução', 'Locadora', 'Categoria do veículo', 'Fornecedor', 'Início', 'Hora de início']) {
      await page.keyboard.press('Tab');
      await expect(dialog.getByLabel(label, { exact: true })).toBeFocused();
    }
    await page.keyboard.type('0930');
    await expect(dialog.getByLabel('Hora de início')).toHaveValue('09:30');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Fim', { exact: true })).toBeFocused();
    // An hour alone is that hour sharp once the field is left.
    await page.keyboard.press('Tab');
    await page.keyboard.type('8');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Hora de fim')).toHaveValue('08:00');

    // A title typed by the agent stays theirs.
    await title.fill('Carro no Recife');
    await pickup.fill('Centro do Recife');
    await expect(title).toHaveValue('Carro no Recife');
    await dialog.getByLabel('Valor total').fill('900');
    await title.press('ControlOrMeta+s');
    await expect(page.getByText('Serviço adicionado.').last()).toBeVisible();
    const row = page.getByTestId('service-row').filter({ hasText: 'Carro no Recife' });
    await expect(row).toHaveCount(1);

    // M: a new proposal from a template, the focus in its field, the templates listed. Esc closes
    // the list only, a second Esc the dialog.
    await page.keyboard.press('m');
    const apply = page.getByRole('dialog', { name: 'Nova proposta de um modelo' });
    await expect(apply.getByRole('textbox', { name: 'Modelo' })).toBeFocused();
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(apply).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(apply).toHaveCount(0);
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the open proposal tab is scrolled into view', async ({ page, request }) => {
      const budget = await budgetWithProposals(request, 6);
      const last = budget.proposals.at(-1) as { id: number; title: string };
      await login(page, DEMO.owner.email);
      await openEditor(page, `/novo-orcamento/${budget.id}?proposta=${last.id}`);
      const tab = page.getByRole('tab', { name: last.title });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      // The page scrolled down to the tabs (the strip itself is not touched by that).
      await page.getByRole('heading', { name: 'Propostas' }).scrollIntoViewIfNeeded();
      await expect(tab).toBeInViewport({ ratio: 0.95 });
      const firstTab = page.getByRole('tab', { name: budget.proposals[0]?.title });
      await expect(firstTab).not.toBeInViewport({ ratio: 0.95 });

      // Back to the first with [: it comes into view, the page itself not scrolled sideways.
      for (let i = 1; i < budget.proposals.length; i++) await page.keyboard.press('[');
      await expect(firstTab).toHaveAttribute('aria-selected', 'true');
      await expect(firstTab).toBeInViewport({ ratio: 0.95 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    });

    test('"Quero esta" takes the focus to the accept form; the editor marks the accepted and the sold proposal', async ({
      page,
      browser,
      request,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const seeded = await seedBudget(request);
      const sent = await request.patch(`/api/budgets/${seeded.budgetId}`, { headers: auth(seeded.token), data: { status: 'sent' } });
      expect(sent.ok(), `mark sent: ${await sent.text()}`).toBeTruthy();
      const landingId = ((await sent.json()) as { landing_page_id: string }).landing_page_id;

      // The customer, on a phone without any session, picks "Opção Porto" from the bar at the foot.
      const customer = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: 'pt-BR' });
      try {
        const lp = await customer.newPage();
        await lp.goto(`/landing-page/${landingId}`);
        await lp.getByRole('tab', { name: 'Opção Porto' }).click();
        await lp.getByRole('link', { name: 'Quero esta' }).click();
        const form = lp.getByRole('form', { name: 'Gostou? Aceite sua proposta' });
        const name = form.getByLabel('Nome completo');
        await expect(name).toBeFocused();
        await expect(name).toBeInViewport();
        await expect(form.getByLabel('Proposta escolhida')).toHaveValue(String(seeded.porto.id));
        await lp.keyboard.type('Ana Viajante');
        await lp.keyboard.press('Tab');
        await lp.keyboard.type('ana.viajante@e2e.test');
        await form.getByRole('button', { name: 'Aceitar “Opção Porto”' }).click();
        await expect(lp.getByText('“Opção Porto” foi aceita por Ana Viajante')).toBeVisible();

        // The next budget this customer opens on this phone knows them: filled in, the focus on the button.
        const next = await seedBudget(request);
        const nextSent = await request.patch(`/api/budgets/${next.budgetId}`, { headers: auth(next.token), data: { status: 'sent' } });
        await lp.goto(`/landing-page/${((await nextSent.json()) as { landing_page_id: string }).landing_page_id}`);
        await lp.getByRole('link', { name: 'Quero esta' }).first().click();
        await expect(form.getByLabel('Nome completo')).toHaveValue('Ana Viajante');
        await expect(form.getByLabel('E-mail')).toHaveValue('ana.viajante@e2e.test');
        await expect(form.getByRole('button', { name: /^Aceitar / })).toBeFocused();
      } finally {
        await customer.close();
      }

      // The agent's editor opens on the accepted proposal, marked on its tab.
      await login(page, seeded.agency.owner.email, seeded.agency.owner.password);
      await openEditor(page, `/novo-orcamento/${seeded.budgetId}`);
      const porto = page.getByRole('tab', { name: /Opção Porto/ });
      const lisboa = page.getByRole('tab', { name: /Opção Lisboa/ });
      await expect(porto).toHaveAttribute('aria-selected', 'true');
      await expect(porto.getByTestId('proposal-mark')).toHaveText('Aceita');
      await expect(lisboa.getByTestId('proposal-mark')).toHaveCount(0);

      // Sold on Lisboa: the editor opens there, "Vendida", and Porto keeps its "Aceita".
      const sold = await request.put(`/api/budgets/sell/${seeded.budgetId}`, {
        headers: auth(seeded.token),
        data: { proposal_id: seeded.lisboa.id, installments: 2, first_due_date: '2026-12-10' },
      });
      expect(sold.ok(), `sell: ${sold.status()} ${await sold.text()}`).toBeTruthy();
      await openEditor(page, `/novo-orcamento/${seeded.budgetId}`);
      await expect(lisboa).toHaveAttribute('aria-selected', 'true');
      await expect(lisboa.getByTestId('proposal-mark')).toHaveText('Vendida');
      await expect(porto.getByTestId('proposal-mark')).toHaveText('Aceita');
      // An address naming a proposal still wins.
      await openEditor(page, `/novo-orcamento/${seeded.budgetId}?proposta=${seeded.porto.id}`);
      await expect(porto).toHaveAttribute('aria-selected', 'true');
    });
  });
});
