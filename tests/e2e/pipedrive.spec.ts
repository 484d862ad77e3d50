// The Pipedrive integration (feature pipedrive_deals) against the local Pipedrive fake: the owner of a
// new agency connects it on /perfil > Integrações with an API token (a refused one is said on its
// field), the card offers to send the open attendances made before and shows the run to its end, the
// agent's attendance becomes a deal, and its screen says "Sincronizado com o Pipedrive" with a link
// to the deal; disconnecting hides the account again.
import { PIPEDRIVE_MESSAGES } from '@app/shared/pipedrive';
import { apiToken, login } from './support/app';
import { createAgency } from './support/billing';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';
import { FAKE_PIPEDRIVE_TOKEN } from './support/pipedrive-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
/** The fake Pipedrive the server talks to (started by the Playwright config). */
const fakeUrl = () => process.env.E2E_PIPEDRIVE_API_URL ?? '';

test.describe('Pipedrive', () => {
  test('the owner connects the agency and an attendance shows its deal', async ({ page, request }) => {
    test.setTimeout(90_000);
    const agency = await createAgency(request);
    const token = await apiToken(request, agency.owner.email, agency.owner.password);
    // Open attendances from before the integration: what connecting offers to send.
    const earlier = await apiCreateClient(request, token, { name: uniqueName('Cliente antigo') });
    const olds = [];
    for (const title of ['Gramado', 'Bonito', 'Jericoacoara']) {
      olds.push(await apiCreateAttendance(request, token, { client_id: earlier.id, title }));
    }
    await login(page, agency.owner.email, agency.owner.password);
    await page.goto('/perfil');
    const card = page.getByRole('region', { name: 'Integrações' });

    await card.getByLabel('Token de API do Pipedrive').fill('f'.repeat(40));
    await card.getByRole('button', { name: 'Conectar ao Pipedrive' }).click();
    await expect(card.getByLabel('Token de API do Pipedrive')).toHaveAccessibleDescription(
      new RegExp(PIPEDRIVE_MESSAGES.tokenRejected.slice(0, 30)),
    );

    await card.getByLabel('Token de API do Pipedrive').fill(FAKE_PIPEDRIVE_TOKEN);
    await card.getByRole('button', { name: 'Conectar ao Pipedrive' }).click();
    await expect(card.getByTestId('pipedrive-account')).toContainText('viagenspipe.pipedrive.com');
    await expect(card.getByLabel('Novo token de API (opcional)')).toHaveValue('');
    await expect(page.getByText(FAKE_PIPEDRIVE_TOKEN)).toHaveCount(0);

    const backfill = card.getByTestId('pipedrive-backfill');
    await expect(backfill).toContainText('3 atendimentos em aberto ainda não estão no Pipedrive.');
    await expect(card.getByTestId('pipedrive-reconcile')).toContainText('A conferência diária com o Pipedrive ainda não rodou.');
    await backfill.getByRole('button', { name: 'Enviar atendimentos em aberto' }).click();
    await expect(backfill).toContainText(/Envio concluído em .+: 3 atendimentos enviados\./, { timeout: 30_000 });
    await expect(backfill.getByRole('button', { name: 'Enviar atendimentos em aberto' })).toHaveCount(0);
    for (const old of olds) {
      const res = await request.get(`/api/integrations/pipedrive/attendances/${old.id}`, { headers: auth(token) });
      expect(((await res.json()) as { state: string }).state).toBe('synced');
    }

    const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Pipe') });
    const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title: 'Noronha em julho', value_cents: 800_000 });
    // The push runs in the background: the screen is opened once it went through.
    await expect
      .poll(async () => {
        const res = await request.get(`/api/integrations/pipedrive/attendances/${attendance.id}`, { headers: auth(token) });
        return ((await res.json()) as { state: string }).state;
      })
      .toBe('synced');
    await page.goto(`/atendimento/${attendance.id}`);
    const sync = page.getByTestId('pipedrive-sync');
    await expect(sync).toContainText(PIPEDRIVE_MESSAGES.synced);
    await expect(sync.getByRole('link', { name: /Ver negócio/ })).toHaveAttribute(
      'href',
      /^https:\/\/viagenspipe\.pipedrive\.com\/deal\/\d+$/,
    );

    await page.goto('/perfil');
    await card.getByRole('button', { name: 'Desconectar' }).click();
    await page.getByRole('dialog', { name: 'Desconectar do Pipedrive' }).getByRole('button', { name: 'Desconectar' }).click();
    await expect(card.getByRole('button', { name: 'Conectar ao Pipedrive' })).toBeVisible();
    await expect(card.getByTestId('pipedrive-account')).toHaveCount(0);
  });

  test('the mapped pipeline: a won attendance wins its deal, a value changed on Pipedrive comes back', async ({ page, request }) => {
    test.skip(!fakeUrl(), 'needs the Pipedrive fake of the Playwright config');
    test.setTimeout(90_000);
    const agency = await createAgency(request);
    const token = await apiToken(request, agency.owner.email, agency.owner.password);
    await login(page, agency.owner.email, agency.owner.password);
    await page.goto('/perfil');
    const card = page.getByRole('region', { name: 'Integrações' });
    await card.getByLabel('Token de API do Pipedrive').fill(FAKE_PIPEDRIVE_TOKEN);
    await card.getByRole('button', { name: 'Conectar ao Pipedrive' }).click();
    await expect(card.getByTestId('pipedrive-account')).toBeVisible();

    await card.getByLabel('Funil do Pipedrive', { exact: true }).click();
    await page.getByRole('option', { name: 'Funil de viagens' }).click();
    await card.getByLabel('Etapa para Em aberto', { exact: true }).click();
    await page.getByRole('option', { name: 'Lead' }).click();
    await card.getByLabel('Etapa para Ganho', { exact: true }).click();
    await page.getByRole('option', { name: 'Fechado' }).click();
    await card.getByRole('button', { name: 'Salvar integração' }).click();
    await expect(page.getByText('Integração com o Pipedrive salva.')).toBeVisible();

    const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Funil') });
    const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title: 'Atacama', value_cents: 700_000 });
    let dealId = 0;
    await expect
      .poll(async () => {
        const res = await request.get(`/api/integrations/pipedrive/attendances/${attendance.id}`, { headers: auth(token) });
        dealId = ((await res.json()) as { deal_id: number | null }).deal_id ?? 0;
        return dealId;
      })
      .toBeGreaterThan(0);

    await page.goto(`/atendimento/${attendance.id}`);
    await page.getByRole('button', { name: 'Marcar como ganho' }).click();
    const won = page.getByRole('dialog', { name: 'Marcar como ganho' });
    await won.getByLabel('Valor final da venda').fill('9000');
    await won.getByRole('button', { name: 'Marcar como ganho' }).click();
    await expect(page.getByTestId('attendance-status')).toHaveText('Ganho');

    // The deal as Pipedrive keeps it: won, on the mapped stage, with the final value.
    const deal = async () => {
      const res = await request.get(`${fakeUrl()}/api/v2/deals/${dealId}`, { headers: { 'x-api-token': FAKE_PIPEDRIVE_TOKEN } });
      return ((await res.json()) as { data: { status: string; stage_id: number; value: number } }).data;
    };
    await expect.poll(deal).toMatchObject({ status: 'won', stage_id: 13, value: 9000 });

    // Someone changes the value on Pipedrive: its webhook brings it to the attendance.
    const changed = await request.post(`${fakeUrl()}/__fake/deals/${dealId}/change`, { data: { value: 9500 } });
    const answers = ((await changed.json()) as { data: { answers: { status: number; body: { outcome?: string } }[] } }).data.answers;
    expect(answers.some((a) => a.status === 200 && a.body.outcome === 'applied')).toBe(true);
    await page.reload();
    await expect(page.getByTestId('attendance-value')).toHaveText('R$ 9.500,00');
    await expect(page.getByTestId('attendance-status')).toHaveText('Ganho');
  });
});
