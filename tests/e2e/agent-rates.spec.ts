// The rate an agent can always price with: a service in a currency without any quote asks for the
// rate right in its form (câmbio do serviço, the operator's), the totals follow it; the budget's own
// rate for a currency (câmbio do orçamento) reprices its services and the totals, and cleared, the
// day's quote is back. The system's quotes are all filled when the server starts (the refresh job
// against the local exchange-rate fake), so the currency without a quote is one of an agency that
// keeps its own quotes (the free plan, without cambio_sistema): never typed, none at all. The rule
// is the same either way (apps/api agent-rates.integration.test.ts covers cambio_sistema).
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, login } from './support/app';
import { type Agency, createAgency } from './support/billing';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function call<T>(request: APIRequestContext, token: string, method: 'get' | 'post' | 'put', path: string, data?: unknown) {
  const res = await request[method](path, { headers: auth(token), ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** An agency with its own quotes (USD typed at R$ 5,00, EUR never) and a budget with a US$ 100,00 ticket. */
async function seed(request: APIRequestContext): Promise<{ agency: Agency; budgetId: number; attendanceId: number }> {
  const agency = await createAgency(request);
  const token = await apiToken(request, agency.owner.email, agency.owner.password);
  const { plans } = await call<{ plans: { id: number; amount_cents: number }[] }>(request, token, 'get', '/api/plans');
  const free = plans.find((p) => p.amount_cents === 0);
  expect(free, 'the free plan').toBeTruthy();
  await call(request, token, 'post', `/api/plans/${free?.id}/subscribe`, { email: agency.owner.email });

  const quotes = await call<{ automatic: boolean; items: { id: number; currency: string; rate: number | null }[] }>(
    request,
    token,
    'get',
    '/api/currency_quotes_params?per_page=50',
  );
  expect(quotes.automatic, 'the agency keeps its own quotes').toBe(false);
  expect(quotes.items.find((q) => q.currency === 'EUR')?.rate, 'no EUR quote').toBeNull();
  const usd = quotes.items.find((q) => q.currency === 'USD');
  await call(request, token, 'put', `/api/currency_quotes_params/${usd?.id}`, { rate: 5 });

  const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Câmbio') });
  const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title: 'Museus de Paris' });
  const budget = await call<{ id: number; proposals: { id: number }[] }>(request, token, 'post', '/api/budgets/', {
    attendance_id: attendance.id,
    title: 'Museus de Paris',
    currency: 'BRL',
    paxes: [{ name: 'Eva Viajante' }],
  });
  await call(request, token, 'post', '/api/services', {
    proposal_id: budget.proposals[0]?.id,
    type: 'other',
    title: 'Ingresso em dólar',
    currency: 'USD',
    adult_number: 1,
    child_number: 0,
    infant_number: 0,
    total_cents: 10_000,
    details: {},
  });
  return { agency, budgetId: budget.id, attendanceId: attendance.id };
}

async function pickCurrency(page: Page, dialog: ReturnType<Page['getByRole']>, currency: string) {
  await dialog.getByRole('combobox', { name: 'Moeda' }).click();
  await page.getByRole('option', { name: currency, exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: 'Moeda' })).toHaveValue(currency);
}

test.describe('the rate an agent can always price with', () => {
  test.slow();

  test('asked for the rate of a currency without a quote, then the budget rate reprices the totals', async ({ page, request }) => {
    const { agency, budgetId } = await seed(request);
    await login(page, agency.owner.email, agency.owner.password);
    await page.goto(`/novo-orcamento/${budgetId}`);
    // US$ 100,00 at the day's R$ 5,00.
    await expect(page.getByTestId('proposal-total')).toHaveText('R$ 500,00');
    await expect(page.getByTestId('budget-rates')).toContainText('Câmbio do dia');

    // A ticket in euros: no quote, so the form asks for the rate instead of a dead end.
    await page.getByRole('button', { name: 'Adicionar serviço' }).click();
    await page.getByRole('menuitem', { name: 'Outros' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo serviço: Outros' });
    await expect(dialog.getByLabel('Título')).toBeFocused();
    await dialog.getByLabel('Título').fill('Ingresso do Louvre');
    await pickCurrency(page, dialog, 'EUR');
    await dialog.getByLabel('Valor total').fill('200');
    await expect(dialog.getByTestId('service-rate-used')).toHaveText('Não há cotação de EUR: informe o câmbio para esta moeda.');
    const rate = dialog.getByRole('textbox', { name: 'Câmbio do serviço (R$ por 1 EUR)' });
    await expect(rate).toBeVisible();
    await expect(dialog.getByText('Informe o câmbio', { exact: true })).toBeVisible();

    // Sent without it, the API asks for it on the field itself.
    await dialog.getByRole('button', { name: 'Adicionar serviço' }).click();
    await expect(dialog.getByText('Não há cotação de EUR: informe o câmbio para esta moeda', { exact: true })).toBeVisible();

    // The operator's R$ 6,50: € 200,00 = R$ 1.300,00, with the ticket's R$ 500,00 = R$ 1.800,00.
    await rate.fill('6,5');
    await expect(dialog.getByTestId('service-rate-used')).toHaveText('Câmbio do serviço R$ 6,50 (informado pelo agente)');
    await expect(dialog.getByTestId('service-summary-total')).toHaveText('R$ 1.300,00');
    await expect(dialog.getByTestId('service-summary-proposal-total')).toHaveText('R$ 1.800,00');
    await dialog.getByRole('button', { name: 'Adicionar serviço' }).click();
    await expect(page.getByText('Serviço adicionado.').last()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('proposal-total')).toHaveText('R$ 1.800,00');

    // The budget's dollar at the operator's R$ 5,80: the ticket follows (R$ 580,00), the euro
    // service keeps its own rate. 580,00 + 1.300,00 = 1.880,00.
    await page.getByTestId('budget-rates').getByRole('button', { name: 'Informar' }).click();
    const rates = page.getByRole('dialog', { name: 'Câmbio do orçamento' });
    const dollar = rates.getByRole('textbox', { name: 'Câmbio de USD (R$ por 1 USD)' });
    await expect(rates.getByText('Câmbio do dia R$ 5,00')).toBeVisible();
    await dollar.fill('5,8');
    await rates.getByRole('button', { name: 'Salvar câmbio' }).click();
    await expect(page.getByText('Câmbio do orçamento salvo.')).toBeVisible();
    await expect(rates).toHaveCount(0);
    await expect(page.getByTestId('budget-rates')).toContainText('USD R$ 5,80');
    await expect(page.getByTestId('proposal-total')).toHaveText('R$ 1.880,00');

    // The ticket's form says which rate it uses.
    await page.getByRole('button', { name: 'Ações do serviço Ingresso em dólar' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const ticket = page.getByRole('dialog', { name: 'Editar serviço: Outros' });
    await expect(ticket.getByTestId('service-rate-used')).toHaveText('Câmbio do orçamento R$ 5,80 (informado pelo agente)');
    await expect(ticket.getByTestId('service-summary-total')).toHaveText('R$ 580,00');
    await ticket.getByRole('button', { name: 'Cancelar' }).click();
    await expect(ticket).toHaveCount(0);

    // Cleared: the day's R$ 5,00 again.
    await page.getByTestId('budget-rates').getByRole('button', { name: 'Alterar' }).click();
    await rates.getByRole('button', { name: 'Limpar câmbio de USD' }).click();
    await expect(dollar).toHaveValue('');
    await rates.getByRole('button', { name: 'Salvar câmbio' }).click();
    await expect(rates).toHaveCount(0);
    await expect(page.getByTestId('budget-rates')).toContainText('Câmbio do dia');
    await expect(page.getByTestId('proposal-total')).toHaveText('R$ 1.800,00');
  });

  test('a new budget in a currency without a quote asks for its rate; with a quote, blank takes the day', async ({ page, request }) => {
    const { agency, attendanceId } = await seed(request);
    await login(page, agency.owner.email, agency.owner.password);
    await page.goto(`/novo-orcamento?attendance_id=${attendanceId}`);
    const form = page.getByRole('form', { name: 'Novo orçamento' });
    await expect(form.getByLabel('Título')).toHaveValue('Museus de Paris');

    // Dollars: the day's R$ 5,00 stands unless the agent types another.
    await pickCurrency(page, form, 'USD');
    const dollar = form.getByRole('textbox', { name: 'Câmbio do orçamento (R$ por 1 USD)' });
    await expect(dollar).toHaveAttribute('placeholder', 'R$ 5,00');
    await expect(form.getByText('Em branco, vale o câmbio do dia (R$ 5,00).')).toBeVisible();

    // Euros: no quote today, so the rate is asked for, and the API says so if it is left out.
    await pickCurrency(page, form, 'EUR');
    const euro = form.getByRole('textbox', { name: 'Câmbio do orçamento (R$ por 1 EUR)' });
    await expect(form.getByText('Não há cotação de EUR hoje: informe o câmbio da operadora (ou IATA).')).toBeVisible();
    await form.getByRole('button', { name: 'Criar orçamento' }).click();
    await expect(form.getByText('Não há cotação de EUR: informe o câmbio para esta moeda', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/novo-orcamento\?/);

    await euro.fill('6,2');
    await form.getByRole('button', { name: 'Criar orçamento' }).click();
    await expect(page).toHaveURL(/\/novo-orcamento\/\d+$/);
    await expect(page.getByTestId('budget-rates')).toContainText('EUR R$ 6,20');
  });
});
