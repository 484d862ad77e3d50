// The main flows of a travel agent on a 360 px phone (issue 18), by taps on what the screen shows:
// sign in; the menu (a drawer on phones) to the clients; a client through its form; an attendance
// for it, lost from its funnel card after the question and reopened; a budget from the attendance
// with a hotel, its link shared (the draft marked as sent); the customer's page opened on another
// phone and the proposal accepted there; the agent sees it accepted, closes the sale and finds it
// sold in the budgets and won in the funnel. On every screen: no sideways scroll, no badge cut
// short, every control tapped within the screen's width and not covered (the tap would wait).

import { LANDING_PAGE_MESSAGES } from '@app/shared/landing-rules';
import type { Locator, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, login } from './support/app';
import { maskCpf, uniqueName, validCpf } from './support/crm';
import { expect, test } from './support/fixtures';
import { expectApart, expectFits, expectOnScreen, PHONE, tap } from './support/phone';

test.use({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });

/** The drawer of the menu, opened from the burger of the header, and one of its links tapped. */
async function navigate(page: Page, item: string) {
  await tap(page.getByRole('button', { name: 'Abrir menu' }));
  const drawer = page.getByRole('dialog').filter({ has: page.getByRole('navigation', { name: 'Menu principal' }) });
  await expectOnScreen(drawer);
  await tap(drawer.getByRole('link', { name: item, exact: true }));
  await expect(drawer).toBeHidden();
}

/** A confirmation toast: shown, and clear of the header (its burger and user menu stay in sight). */
async function expectToast(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expectApart(toast, page.getByRole('banner').filter({ has: page.getByRole('button', { name: 'Abrir menu' }) }));
}

const funnelColumn = (page: Page, group: 'negotiations' | 'sales' | 'losses') => page.getByTestId(`funnel-column-${group}`);

/** The funnel of one client: the menu to the attendances, the funnel's tab, the client's name searched. */
async function openFunnel(page: Page, search: string) {
  await navigate(page, 'Atendimentos');
  await tap(page.getByRole('tab', { name: 'Funil de vendas' }));
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(search);
  await expect(page).toHaveURL((url) => url.searchParams.get('busca') === search);
}

/** The columns stand side by side wider than the screen: 'Coluna em foco' brings one into view. */
async function focusColumn(page: Page, label: string) {
  await tap(page.getByRole('radiogroup', { name: 'Coluna em foco' }).getByText(label, { exact: true }));
}

/** A move from the menu of a funnel card (a finger does not drag across columns wider than the screen). */
async function cardAction(page: Page, card: Locator, title: string, action: string) {
  await tap(card.getByRole('button', { name: `Ações do atendimento ${title}` }));
  await tap(page.getByRole('menuitem', { name: action }));
}

test('an agent on a phone: client, attendance in the funnel, budget sent, accepted by the customer, sold', async ({ page, browser }) => {
  // A long journey: on a CI machine running two browsers beside the API it takes well over a minute.
  test.setTimeout(180_000);
  const name = uniqueName('Cliente Celular');
  const cpf = validCpf();
  const title = uniqueName('Férias no Rio');

  await test.step('sign in', async () => {
    await page.goto('/login');
    await expectOnScreen(page.getByRole('button', { name: 'Entrar' }));
    await expectFits(page, 'login');
    await login(page, DEMO.owner.email, DEMO_PASSWORD, 'tap');
    await expect(page.getByRole('heading', { name: 'Atendimentos', level: 1 })).toBeVisible();
    // On a phone the sidebar is a drawer behind the burger.
    await expect(page.getByRole('button', { name: 'Recolher menu' })).toBeHidden();
    await expectFits(page, 'home');
  });

  await test.step('the menu to the clients; a client through the form', async () => {
    await navigate(page, 'Clientes');
    await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
    await expectFits(page, 'clients');
    await tap(page.getByRole('button', { name: 'Novo cliente' }));
    const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
    await expectOnScreen(dialog);
    await dialog.getByLabel('Nome').fill(name);
    await dialog.getByLabel('CPF').fill(cpf);
    await expect(dialog.getByLabel('CPF')).toHaveValue(maskCpf(cpf));
    await dialog.getByLabel('E-mail').fill(`${cpf}@cliente.test`);
    await expectFits(page, 'client form');
    await tap(dialog.getByRole('button', { name: 'Cadastrar cliente' }));
    await expect(page).toHaveURL(/\/clientes-pessoa-interna\/\d+$/);
    await expectToast(page, 'Cliente cadastrado.');
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('client-document')).toHaveText(maskCpf(cpf));
    await expectFits(page, 'client');
  });

  await test.step('an attendance for the client', async () => {
    await tap(page.getByRole('link', { name: 'Novo atendimento' }));
    await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue(name);
    await page.getByLabel('Título').fill(title);
    await page.getByLabel('Destino').fill('Rio de Janeiro');
    await page.getByLabel('Adultos').fill('2');
    await expectFits(page, 'attendance form');
    await tap(page.getByRole('button', { name: 'Cadastrar atendimento' }));
    await expect(page).toHaveURL(/\/atendimento\/\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('attendance-status')).toHaveText('Em aberto');
    await expectFits(page, 'attendance');
  });

  const card = page.getByTestId('funnel-card').filter({ hasText: title });
  await test.step('in the funnel: lost after its question, then reopened', async () => {
    await openFunnel(page, name);
    await expect(funnelColumn(page, 'negotiations').getByTestId('funnel-card')).toHaveCount(1);
    await expectOnScreen(card);
    await expectFits(page, 'funnel');

    await cardAction(page, card, title, 'Marcar como perdido');
    const lost = page.getByRole('dialog', { name: 'Marcar como perdido' });
    await expect(lost).toContainText(`Deseja marcar ${title} como perdido?`);
    await expectOnScreen(lost);
    await lost.getByLabel('Motivo da perda').fill('Vai viajar no ano que vem');
    await tap(lost.getByRole('button', { name: 'Marcar como perdido' }));
    await expectToast(page, 'Atendimento marcado como perdido.');
    await expect(funnelColumn(page, 'negotiations').getByTestId('funnel-card')).toHaveCount(0);
    await focusColumn(page, 'Perdidos');
    await expect(funnelColumn(page, 'losses').getByTestId('funnel-card')).toContainText(title);
    await expectOnScreen(card);
    await expect(card.getByTestId('attendance-status')).toHaveText('Perdido');
    await expectFits(page, 'funnel, lost');

    await cardAction(page, card, title, 'Reabrir');
    await expectToast(page, 'Atendimento reaberto.');
    await focusColumn(page, 'Em aberto');
    await expect(funnelColumn(page, 'negotiations').getByTestId('funnel-card')).toContainText(title);
    await expectOnScreen(card);
  });

  let link = '';
  await test.step('a budget from the attendance, with a hotel, shared', async () => {
    await tap(card.getByRole('link', { name: title }));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await tap(page.getByRole('region', { name: 'Orçamentos' }).getByRole('link', { name: 'Novo orçamento' }));
    const form = page.getByRole('form', { name: 'Novo orçamento' });
    await expect(form.getByLabel('Atendimento')).toHaveValue(title);
    await expect(form.getByLabel('Destino')).toHaveValue('Rio de Janeiro');
    await expectFits(page, 'budget form');
    await tap(form.getByRole('button', { name: 'Criar orçamento' }));
    await expect(page).toHaveURL(/\/novo-orcamento\/\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('budget-status')).toHaveText('Rascunho');
    await expectFits(page, 'budget editor');

    await tap(page.getByRole('button', { name: 'Adicionar serviço' }));
    await tap(page.getByRole('menuitem', { name: 'Hospedagem' }));
    const service = page.getByRole('dialog', { name: 'Novo serviço: Hospedagem' });
    await expectOnScreen(service);
    await service.getByLabel('Título').fill('Hotel em Copacabana');
    await service.getByRole('combobox', { name: 'Hotel', exact: true }).fill('Copacabana Palace');
    const room = service.getByRole('group', { name: 'Quarto 1' });
    await expect(room.getByLabel('Adultos')).toHaveValue('2');
    await room.getByLabel('Valor do quarto').fill('3200');
    await expect(service.getByTestId('service-summary-total')).toHaveText('R$ 3.200,00');
    await expectFits(page, 'service form');
    await tap(service.getByRole('button', { name: 'Adicionar serviço' }));
    await expectToast(page, 'Serviço adicionado.');
    await expect(service).toHaveCount(0);
    await expect(page.getByTestId('service-row')).toContainText('Hotel em Copacabana');
    await expect(page.getByTestId('proposal-total')).toHaveText('R$ 3.200,00');
    await expect(page.getByTestId('per-passenger-adult')).toHaveText('R$ 1.600,00');
    await expectOnScreen(page.getByRole('button', { name: 'Ações do serviço Hotel em Copacabana' }));
    await expectFits(page, 'budget editor with a service');

    // The draft's link: copying it first marks the budget as sent.
    await tap(page.getByRole('button', { name: 'Compartilhar' }));
    await tap(page.getByRole('menuitem', { name: 'Copiar link' }));
    const ask = page.getByRole('dialog', { name: 'Marcar como enviado?' });
    await expectOnScreen(ask);
    await tap(ask.getByRole('button', { name: 'Marcar como enviado' }));
    await expectToast(page, 'Link copiado.');
    await expect(page.getByTestId('budget-status')).toHaveText('Enviado');
    link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/landing-page\/[0-9a-f-]{36}$/);
  });

  await test.step('the customer opens the link on a phone and accepts', async () => {
    const customer = await browser.newContext({ ...PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    try {
      const lp = await customer.newPage();
      const errors: string[] = [];
      lp.on('pageerror', (error) => errors.push(error.message));
      await lp.goto(link);
      await expect(lp.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(lp.getByText('Copacabana Palace')).toBeVisible();
      await expect(lp.getByTestId('proposal-total')).toHaveText('R$ 3.200,00');
      await expectFits(lp, 'landing page');
      // The bar at the foot of the screen takes the customer to the form.
      await tap(lp.getByRole('link', { name: 'Quero esta' }));
      const form = lp.getByRole('form', { name: 'Gostou? Aceite sua proposta' });
      await expect(form).toBeInViewport();
      await form.getByLabel('Nome completo').fill(name);
      await form.getByLabel('E-mail').fill(`${cpf}@cliente.test`);
      await tap(form.getByRole('button', { name: 'Aceitar “Proposta 1”' }));
      await expect(lp.getByRole('heading', { name: LANDING_PAGE_MESSAGES.accepted })).toBeVisible();
      await expect(lp.getByText(`“Proposta 1” foi aceita por ${name}`)).toBeVisible();
      await expect(form).toHaveCount(0);
      await expectFits(lp, 'landing page, accepted');
      expect(errors, 'uncaught errors in the customer page').toEqual([]);
    } finally {
      await customer.close();
    }
  });

  await test.step('the agent sees it accepted and closes the sale', async () => {
    await page.reload();
    await expect(page.getByTestId('budget-status')).toHaveText('Aceito');
    await tap(page.getByRole('button', { name: 'Fechar venda' }));
    const sell = page.getByRole('dialog', { name: 'Fechar venda' });
    await expect(sell.getByLabel('Proposta vendida')).toHaveValue(/Proposta 1/);
    await expectOnScreen(sell);
    await tap(sell.getByRole('button', { name: 'Fechar venda' }));
    // The toast first: it is shown for 4 s from the sale, while the page changes under it.
    await expectToast(page, 'Venda fechada!');
    await expect(page).toHaveURL(/\/venda-fechada\/\d+$/);
    await expect(page.getByTestId('budget-status')).toHaveText('Vendido');
    await expect(page.getByTestId('sold-proposal')).toHaveText('Proposta 1');
    await expectFits(page, 'closed sale');
  });

  await test.step('sold in the budgets, won in the funnel', async () => {
    await navigate(page, 'Orçamentos');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(title);
    const row = page.getByTestId('budget-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('budget-status')).toHaveText('Vendido');
    await expect(row.getByTestId('budget-total')).toHaveText('R$ 3.200,00');
    await expectOnScreen(row);
    await expectFits(page, 'budgets');

    await openFunnel(page, name);
    await focusColumn(page, 'Ganhos');
    await expect(funnelColumn(page, 'sales').getByTestId('funnel-card')).toContainText(title);
    await expectOnScreen(card);
    await expect(card.getByTestId('attendance-status')).toHaveText('Ganho');
    await expectFits(page, 'funnel, won');
  });
});
