// No lost update on one-click actions (issue 37): a delete or a copy sends the version of the record
// as the screen shows it. Two agents, each in a browser context of their own: the admin edits a
// service while Dona's screen, with no live updates (a dropped connection), still shows the old one.
// Her delete and her copy are refused: she is told who changed it and at what time, nothing changes,
// and her screen reads the budget again.
import { apiToken, DEMO } from './support/app';
import { expect, test } from './support/fixtures';
import { apiBudgetWithTour, auth, openService, useAgents } from './support/two-agents';

const agent = useAgents();

const STALE = new RegExp(
  `Este registro foi alterado por ${DEMO.admin.name} às \\d\\d:\\d\\d\\. Nada foi feito: a tela foi atualizada, confira e tente de novo\\.`,
);

test.describe('Edição concorrente: ações de um clique', () => {
  test('a delete or a copy of a service another agent changed meanwhile is refused with who and when, and changes nothing', async ({
    browser,
    request,
  }) => {
    // Two browsers and four saves: more than one form's time on a loaded machine.
    test.setTimeout(300_000);
    const token = await apiToken(request, DEMO.owner.email);
    const budget = await apiBudgetWithTour(request, token, 'Cliente Um Clique', 'Maceió');
    const stored = async () => {
      const res = await request.get(`/api/budgets/${budget.id}`, { headers: auth(token) });
      const tree = (await res.json()) as { proposals: { services: { id: number; title: string; version: number }[] }[] };
      return tree.proposals.flatMap((p) => p.services);
    };
    const dona = await agent(browser, DEMO.owner.email);
    const admin = await agent(browser, DEMO.admin.email);
    await dona.route('**/api/events**', (route) => route.abort());
    await dona.goto(`/novo-orcamento/${budget.id}`);
    await expect(dona.getByTestId('service-row')).toHaveCount(1, { timeout: 30_000 });

    // The admin renames the service; Dona's screen still shows it as she loaded it.
    const rename = async (from: string, to: string) => {
      const form = await openService(admin, budget.id, from);
      await form.getByLabel('Título').fill(to);
      await form.getByRole('button', { name: 'Salvar serviço' }).click();
      await expect(admin.getByText('Serviço atualizado.').last()).toBeVisible();
      await expect(form).toHaveCount(0);
    };
    await rename(budget.title, 'Catamarã do Admin');
    expect(await stored()).toMatchObject([{ id: budget.serviceId, title: 'Catamarã do Admin', version: 2 }]);

    // Dona deletes the service she sees: refused, who and when on the bar, nothing deleted, her screen read again.
    await dona.getByRole('button', { name: `Ações do serviço ${budget.title}` }).click();
    await dona.getByRole('menuitem', { name: 'Excluir' }).click();
    const confirm = dona.getByRole('dialog', { name: 'Excluir serviço' });
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click();
    await expect(dona.getByTestId('notification-bar')).toContainText(STALE);
    await expect(dona.getByRole('button', { name: 'Ações do serviço Catamarã do Admin' })).toBeVisible();
    expect(await stored()).toMatchObject([{ id: budget.serviceId, title: 'Catamarã do Admin', version: 2 }]);

    // Again with a copy: the admin changes it once more, Dona's "Duplicar" is refused and copies nothing.
    await rename('Catamarã do Admin', 'Catamarã ao pôr do sol');
    await dona.getByRole('button', { name: 'Ações do serviço Catamarã do Admin' }).click();
    await dona.getByRole('menuitem', { name: 'Duplicar' }).click();
    await expect(dona.getByRole('button', { name: 'Ações do serviço Catamarã ao pôr do sol' })).toBeVisible();
    await expect(dona.getByTestId('notification-bar')).toContainText(STALE);
    expect(await stored()).toMatchObject([{ id: budget.serviceId, title: 'Catamarã ao pôr do sol', version: 3 }]);
    await expect(dona.getByTestId('service-row')).toHaveCount(1);

    // On the version her screen now holds, the copy is made.
    await dona.getByRole('button', { name: 'Ações do serviço Catamarã ao pôr do sol' }).click();
    await dona.getByRole('menuitem', { name: 'Duplicar' }).click();
    await expect(dona.getByTestId('service-row')).toHaveCount(2);
    await expect.poll(async () => (await stored()).length).toBe(2);
  });
});
