// Live screens: two agents of one agency, each in a browser context of their own. One moves a card
// of the funnel and the other's board moves it too, without a reload; both open the same budget and
// each sees that the other is editing it, until one leaves.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { apiToken, createUser, DEMO, login } from './support/app';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { dragWithMouse } from './support/drag';
import { expect, test } from './support/fixtures';

const column = (page: Page, group: 'negotiations' | 'sales') => page.getByTestId(`funnel-column-${group}`);
const card = (page: Page, group: 'negotiations' | 'sales', title: string) =>
  column(page, group).getByTestId('funnel-card').filter({ hasText: title });

const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];

/** A signed-in page in a browser context of its own (its own storage: its own session). */
async function agent(browser: Browser, email: string, password?: string): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await login(page, email, password);
  return page;
}

test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  expect(pageErrors.splice(0), 'uncaught errors in the pages').toEqual([]);
});

test.describe('Telas ao vivo', () => {
  test('one agent moves a funnel card and the other sees it move; each sees who else is editing a budget', async ({ browser, request }) => {
    // Two browsers, an agent made and activated by e-mail, two boards and two editors.
    test.setTimeout(120_000);
    const bruno = await createUser(request, { role: 'administrador', name: uniqueName('Bruno Ao Vivo') });
    const token = await apiToken(request, DEMO.owner.email);
    const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Ao Vivo') });
    const title = uniqueName('Lua de mel ao vivo');
    const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title, value_cents: 250_000 });

    const dona = await agent(browser, DEMO.owner.email);
    const other = await agent(browser, bruno.email, bruno.password);
    for (const page of [dona, other]) {
      await page.goto(`/?visao=funil&busca=${encodeURIComponent(client.name)}`);
      // A board's first load (its screen's code, its first queries) on a busy machine.
      await expect(card(page, 'negotiations', title)).toBeVisible({ timeout: 30_000 });
    }

    await dragWithMouse(dona, card(dona, 'negotiations', title), column(dona, 'sales'));
    const won = dona.getByRole('dialog', { name: 'Marcar como ganho' });
    await won.getByRole('button', { name: 'Marcar como ganho' }).click();
    await expect(card(dona, 'sales', title)).toBeVisible();
    // The other board, untouched, follows.
    await expect(card(other, 'sales', title)).toBeVisible();
    await expect(card(other, 'negotiations', title)).toHaveCount(0);

    const created = await request.post('/api/budgets/', {
      headers: { Authorization: `Bearer ${token}` },
      data: { attendance_id: attendance.id, title: uniqueName('Orçamento ao vivo') },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const budget = (await created.json()) as { id: number };

    await dona.goto(`/novo-orcamento/${budget.id}`);
    await expect(dona.getByTestId('editing-presence')).toHaveCount(0);
    await other.goto(`/novo-orcamento/${budget.id}`);
    await expect(dona.getByTestId('editing-presence')).toHaveText(`${bruno.name} está editando este orçamento`);
    // The newcomer learns at once who was already there.
    await expect(other.getByTestId('editing-presence')).toHaveText(`${DEMO.owner.name} está editando este orçamento`);

    // Leaving the budget tells the other.
    await other.goto('/orcamentos');
    await expect(dona.getByTestId('editing-presence')).toHaveCount(0);
  });
});
