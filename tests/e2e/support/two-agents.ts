// Two agents at once (issue 37): each signed in a browser context of their own, on a budget of the
// demo agency made through the API. Shared by the concurrent-edit, stale-forms and stale-actions specs.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { login } from './app';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './crm';
import { expect, test } from './fixtures';

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** `agent(browser, email)`: a signed-in page in a context of its own; each test's contexts close after it, and no page may throw. */
export function useAgents() {
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  test.afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(pageErrors.splice(0), 'uncaught errors in the pages').toEqual([]);
  });
  return async function agent(browser: Browser, email: string): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await login(page, email);
    return page;
  };
}

/** A budget (one adult, its first proposal) for a new client and attendance; `place` names the trip. */
export async function apiBudgetFor(request: APIRequestContext, token: string, client: string, place: string) {
  const made = await apiCreateClient(request, token, { name: uniqueName(client) });
  const attendance = await apiCreateAttendance(request, token, { client_id: made.id, title: uniqueName(`Viagem a ${place}`) });
  const res = await request.post('/api/budgets/', {
    headers: auth(token),
    data: { attendance_id: attendance.id, title: uniqueName(place), currency: 'BRL', paxes: [{ name: 'Ana', age_group: 'adult' }] },
  });
  expect(res.ok(), `budget: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as { id: number; version: number; proposals: { id: number; title: string }[] };
}

/** A budget with one tour service, made through the API. */
export async function apiBudgetWithTour(request: APIRequestContext, token: string, client: string, place: string) {
  const budget = await apiBudgetFor(request, token, client, place);
  const title = uniqueName('Passeio de catamarã');
  const service = await request.post('/api/services', {
    headers: auth(token),
    data: {
      proposal_id: budget.proposals[0]?.id,
      type: 'tour',
      title,
      currency: 'BRL',
      adult_number: 1,
      child_number: 0,
      infant_number: 0,
      adult_cents: 30_000,
      details: { place: 'Porto de Galinhas' },
    },
  });
  expect(service.ok(), `service: ${service.status()} ${await service.text()}`).toBeTruthy();
  return { id: budget.id, serviceId: ((await service.json()) as { id: number }).id, title };
}

/** The budget's editor with its one service, and that service's edit form opened. */
export async function openService(page: Page, budgetId: number, title: string) {
  await page.goto(`/novo-orcamento/${budgetId}`);
  await expect(page.getByTestId('service-row')).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('button', { name: title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar serviço: Passeio/ingresso' });
  await expect(dialog.getByLabel('Título')).toBeFocused();
  return dialog;
}
