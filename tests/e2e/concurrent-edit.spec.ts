// No lost update (issue 37): two agents, each in a browser context of their own, edit the same
// service. The first saves; the second, whose form was loaded before, is told who changed it and
// when, sees the other change beside their own field by field, merges and saves on the new version.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, DEMO } from './support/app';
import { expect, test } from './support/fixtures';
import { apiBudgetWithTour, auth, openService, useAgents } from './support/two-agents';

const agent = useAgents();
const budgetWithTour = (request: APIRequestContext, token: string) => apiBudgetWithTour(request, token, 'Cliente Concorrência', 'Recife');

test.describe('Edição concorrente', () => {
  test('two agents edit the same service: the second is told who saved first, merges field by field and saves', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, DEMO.owner.email);
    const budget = await budgetWithTour(request, token);
    const dona = await agent(browser, DEMO.owner.email);
    const admin = await agent(browser, DEMO.admin.email);
    // Both load the service at its first version.
    const donaForm = await openService(dona, budget.id, budget.title);
    const adminForm = await openService(admin, budget.id, budget.title);

    await donaForm.getByLabel('Título').fill('Catamarã da Dona');
    await donaForm.getByLabel('Descrição').fill('Saída às 8h');
    await donaForm.getByRole('button', { name: 'Salvar serviço' }).click();
    await expect(dona.getByText('Serviço atualizado.')).toBeVisible();

    // The admin's form still holds the first version: their save meets Dona's.
    await adminForm.getByLabel('Título').fill('Catamarã do Admin');
    await adminForm.getByRole('button', { name: 'Salvar serviço' }).click();
    const panel = adminForm.getByTestId('stale-write');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(
      new RegExp(`Este registro foi alterado por ${DEMO.owner.name} em \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d\\. Revise e salve de novo\\.`),
    );
    // Both changed the title: the admin's is kept unless told otherwise. Only Dona changed the description.
    const titleField = panel.getByTestId('stale-field-title');
    await expect(titleField).toContainText('A sua: Catamarã do Admin');
    await expect(titleField).toContainText('Atual: Catamarã da Dona');
    const description = panel.getByTestId('stale-field-description');
    await expect(description).toContainText('Atual: Saída às 8h');
    // Nothing was saved by the refused write, and no error bar covers the panel.
    const stored = async () =>
      (await (await request.get(`/api/services/${budget.serviceId}`, { headers: auth(token) })).json()) as {
        title: string;
        description: string | null;
        version: number;
      };
    expect(await stored()).toMatchObject({ title: 'Catamarã da Dona', description: 'Saída às 8h', version: 2 });
    await expect(admin.getByTestId('notification-bar')).toHaveCount(0);

    // The admin takes Dona's title ("usar a versão atual"); the description only Dona changed stays hers. Saved again.
    await titleField.getByText('Usar a versão atual').click();
    await panel.getByRole('button', { name: 'Salvar de novo' }).click();
    await expect(admin.getByText('Serviço atualizado.')).toBeVisible();
    await expect(adminForm).toHaveCount(0);
    expect(await stored()).toMatchObject({ title: 'Catamarã da Dona', description: 'Saída às 8h', version: 3 });

    // Keeping one's own: Dona, whose form of version 2 is reopened after the admin's save, wins a field back.
    const again = await openService(admin, budget.id, 'Catamarã da Dona');
    const donaAgain = await openService(dona, budget.id, 'Catamarã da Dona');
    await again.getByLabel('Descrição').fill('Saída às 9h');
    await again.getByRole('button', { name: 'Salvar serviço' }).click();
    await expect(admin.getByText('Serviço atualizado.').last()).toBeVisible();
    await donaAgain.getByLabel('Descrição').fill('Saída às 7h30');
    await donaAgain.getByRole('button', { name: 'Salvar serviço' }).click();
    const donaPanel = donaAgain.getByTestId('stale-write');
    await expect(donaPanel).toContainText(`alterado por ${DEMO.admin.name}`);
    const donaDescription = donaPanel.getByTestId('stale-field-description');
    await expect(donaDescription).toContainText('A sua: Saída às 7h30');
    await expect(donaDescription).toContainText('Atual: Saída às 9h');
    await donaDescription.getByText('Manter as minhas').click();
    await donaPanel.getByRole('button', { name: 'Salvar de novo' }).click();
    await expect(donaAgain).toHaveCount(0);
    await expect.poll(async () => (await stored()).description).toBe('Saída às 7h30');
    expect((await stored()).version).toBe(5);
  });

  test("the budget's trip data: another agent's change is offered beside one's own; one's own save from another card is no conflict", async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, DEMO.owner.email);
    const budget = await budgetWithTour(request, token);
    const dona = await agent(browser, DEMO.owner.email);
    const admin = await agent(browser, DEMO.admin.email);
    const tripOf = async (page: Page) => {
      await page.goto(`/orcamento-infor/${budget.id}`);
      const trip = page.getByRole('form', { name: 'Dados da viagem' });
      await expect(trip.getByLabel('Título')).toHaveValue(/Recife/, { timeout: 30_000 });
      return trip;
    };
    const donaTrip = await tripOf(dona);
    const adminTrip = await tripOf(admin);

    // The admin starts typing; meanwhile Dona saves the destination.
    await adminTrip.getByLabel('Título').fill('Recife em família');
    await donaTrip.getByLabel('Destino').fill('Recife e Olinda');
    await donaTrip.getByRole('button', { name: 'Salvar dados' }).click();
    await expect(dona.getByText('Dados do orçamento salvos.')).toBeVisible();
    const stored = async () =>
      (await (await request.get(`/api/budgets/${budget.id}`, { headers: auth(token) })).json()) as {
        title: string;
        destination: string | null;
        observations: string | null;
        version: number;
      };
    await expect.poll(async () => (await stored()).version).toBe(2);

    // What the admin typed stays; their save offers Dona's destination ("usar a versão atual" chosen), not the title.
    await expect(adminTrip.getByLabel('Título')).toHaveValue('Recife em família');
    await adminTrip.getByRole('button', { name: 'Salvar dados' }).click();
    const panel = adminTrip.getByTestId('stale-write');
    await expect(panel).toContainText(`alterado por ${DEMO.owner.name}`);
    await expect(panel.getByTestId('stale-field-destination')).toContainText('Atual: Recife e Olinda');
    await expect(panel.getByTestId('stale-field-title')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Salvar de novo' }).click();
    await expect(admin.getByText('Dados do orçamento salvos.')).toBeVisible();
    await expect(panel).toHaveCount(0);
    await expect(adminTrip.getByLabel('Destino')).toHaveValue('Recife e Olinda');
    expect(await stored()).toMatchObject({ title: 'Recife em família', destination: 'Recife e Olinda', version: 3 });
    // Dona's form, untouched, follows the admin's save without a reload.
    await expect(donaTrip.getByLabel('Título')).toHaveValue('Recife em família');

    // The admin types again, then saves the observations card first: that save of their own is no conflict.
    await adminTrip.getByLabel('Título').fill('Recife e Olinda em família');
    await admin.getByLabel('Observações').fill('Levar protetor solar');
    await admin.getByRole('button', { name: 'Salvar observações' }).click();
    await expect(admin.getByText('Observações salvas.')).toBeVisible();
    await adminTrip.getByRole('button', { name: 'Salvar dados' }).click();
    await expect.poll(async () => (await stored()).title).toBe('Recife e Olinda em família');
    await expect(adminTrip.getByTestId('stale-write')).toHaveCount(0);
    expect(await stored()).toMatchObject({ observations: 'Levar protetor solar', version: 5 });
  });
});
