// The Pipedrive integration (feature pipedrive_deals) against the local Pipedrive fake: the owner of a
// new agency connects it on /perfil > Integrações with an API token (a refused one is said on its
// field), the agent's attendance becomes a deal, and its screen says "Sincronizado com o Pipedrive"
// with a link to the deal; disconnecting hides the account again.
import { PIPEDRIVE_MESSAGES } from '@app/shared/pipedrive';
import { apiToken, login } from './support/app';
import { createAgency } from './support/billing';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';
import { FAKE_PIPEDRIVE_TOKEN } from './support/pipedrive-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

test.describe('Pipedrive', () => {
  test('the owner connects the agency and an attendance shows its deal', async ({ page, request }) => {
    test.setTimeout(90_000);
    const agency = await createAgency(request);
    const token = await apiToken(request, agency.owner.email, agency.owner.password);
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
    await expect(card.getByRole('button', { name: 'Conectar ao Pipedrive' })).toBeVisible();
    await expect(card.getByTestId('pipedrive-account')).toHaveCount(0);
  });
});
