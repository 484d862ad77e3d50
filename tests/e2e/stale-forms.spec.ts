// No lost update on the smaller forms (issue 37): two agents, each in a browser context of their
// own, rename the same proposal and write the same budget's observations. The second save meets the
// first: the merge panel shows both, field by field, and saves the choice on the new version.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, DEMO } from './support/app';
import { expect, test } from './support/fixtures';
import { apiBudgetFor, auth, useAgents } from './support/two-agents';

const agent = useAgents();

/** A budget of the demo agency, made through the API. */
async function newBudget(request: APIRequestContext, token: string) {
  const budget = await apiBudgetFor(request, token, 'Cliente Formulários', 'Natal');
  return { id: budget.id, proposalId: budget.proposals[0]?.id ?? 0 };
}

async function openRename(page: Page) {
  await page.getByRole('button', { name: 'Ações da proposta' }).click();
  await page.getByRole('menuitem', { name: 'Renomear' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renomear proposta' });
  await expect(dialog.getByRole('textbox', { name: 'Nome da proposta' })).toBeFocused();
  return dialog;
}

test.describe('Edição concorrente: formulários menores', () => {
  test('two agents rename the same proposal: the second sees the first name beside their own and keeps theirs', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, DEMO.owner.email);
    const budget = await newBudget(request, token);
    const dona = await agent(browser, DEMO.owner.email);
    const admin = await agent(browser, DEMO.admin.email);
    await dona.goto(`/novo-orcamento/${budget.id}`);
    await admin.goto(`/novo-orcamento/${budget.id}`);
    // Each sees the other in the budget: the banner is in place before the menus open (it moves the page).
    await expect(dona.getByTestId('editing-presence')).toHaveText(`${DEMO.admin.name} está editando este orçamento`, { timeout: 30_000 });
    await expect(admin.getByTestId('editing-presence')).toHaveText(`${DEMO.owner.name} está editando este orçamento`, { timeout: 30_000 });
    const donaDialog = await openRename(dona);
    const adminDialog = await openRename(admin);
    const stored = async () =>
      (await (await request.get(`/api/proposals/${budget.proposalId}`, { headers: auth(token) })).json()) as {
        title: string;
        version: number;
      };

    await donaDialog.getByRole('textbox', { name: 'Nome da proposta' }).fill('Praias do Sul');
    await donaDialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(dona.getByText('Proposta renomeada.')).toBeVisible();
    await expect.poll(async () => (await stored()).title).toBe('Praias do Sul');

    // The admin's dialog was opened on the first version: the save meets Dona's and changes nothing.
    await adminDialog.getByRole('textbox', { name: 'Nome da proposta' }).fill('Dunas de Genipabu');
    await adminDialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    const panel = adminDialog.getByTestId('stale-write');
    await expect(panel).toContainText(
      new RegExp(`Este registro foi alterado por ${DEMO.owner.name} em \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d\\. Revise e salve de novo\\.`),
    );
    const title = panel.getByTestId('stale-field-title');
    await expect(title).toContainText('A sua: Dunas de Genipabu');
    await expect(title).toContainText('Atual: Praias do Sul');
    expect(await stored()).toMatchObject({ title: 'Praias do Sul', version: 2 });
    await expect(admin.getByTestId('notification-bar')).toHaveCount(0);

    // Both changed it: "manter as minhas" is the choice offered; saved on the version read.
    await title.getByText('Manter as minhas').click();
    await panel.getByRole('button', { name: 'Salvar de novo' }).click();
    await expect(admin.getByText('Proposta renomeada.')).toBeVisible();
    await expect(adminDialog).toHaveCount(0);
    expect(await stored()).toMatchObject({ title: 'Dunas de Genipabu', version: 3 });
    // Dona's tab follows without a reload.
    await expect(dona.getByRole('tab', { name: 'Dunas de Genipabu' })).toBeVisible();
  });

  test("the budget's observations: typed while another agent saved, the save offers the other text and takes the current one", async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, DEMO.owner.email);
    const budget = await newBudget(request, token);
    const dona = await agent(browser, DEMO.owner.email);
    const admin = await agent(browser, DEMO.admin.email);
    const observationsOf = async (page: Page) => {
      await page.goto(`/orcamento-infor/${budget.id}`);
      const field = page.getByRole('textbox', { name: 'Observações' });
      await expect(field).toBeVisible({ timeout: 30_000 });
      return field;
    };
    const stored = async () =>
      (await (await request.get(`/api/budgets/${budget.id}`, { headers: auth(token) })).json()) as {
        observations: string | null;
        version: number;
      };
    const donaText = await observationsOf(dona);
    const adminText = await observationsOf(admin);

    await adminText.fill('Levar repelente');
    await donaText.fill('Passaporte não é preciso');
    await dona.getByRole('button', { name: 'Salvar observações' }).click();
    await expect(dona.getByText('Observações salvas.')).toBeVisible();
    await expect.poll(async () => (await stored()).version).toBe(2);

    // What the admin typed stays; their save is refused as stale and offers Dona's text.
    await expect(adminText).toHaveValue('Levar repelente');
    await admin.getByRole('button', { name: 'Salvar observações' }).click();
    const panel = admin.getByTestId('stale-write');
    await expect(panel).toContainText(`alterado por ${DEMO.owner.name}`);
    const field = panel.getByTestId('stale-field-observations');
    await expect(field).toContainText('A sua: Levar repelente');
    await expect(field).toContainText('Atual: Passaporte não é preciso');
    expect(await stored()).toMatchObject({ observations: 'Passaporte não é preciso', version: 2 });

    await field.getByText('Usar a versão atual').click();
    await panel.getByRole('button', { name: 'Salvar de novo' }).click();
    await expect(admin.getByText('Observações salvas.')).toBeVisible();
    await expect(panel).toHaveCount(0);
    await expect(adminText).toHaveValue('Passaporte não é preciso');
    expect(await stored()).toMatchObject({ observations: 'Passaporte não é preciso', version: 3 });
  });
});
