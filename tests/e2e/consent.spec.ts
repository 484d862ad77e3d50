// Marketing consent (LGPD): the agent ticks it on the client form and sees when and where it was
// given; the unsubscribe link of an e-mail to the client opens a pt-BR page whose button withdraws it.
import { apiToken, DEMO, linkPath, login, uniqueEmail, waitForMail } from './support/app';
import { apiCreateAttendance, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

const CONSENT = 'Aceita receber ofertas e novidades da agência';

/** Today in Brazil as the screens show it. */
const today = () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());

test.describe('marketing consent', () => {
  test('the agent records the consent on the client form; the e-mail link withdraws it', async ({ page, request }) => {
    test.slow(); // two saves, a mail through the queue, the unsubscribe page
    const token = await apiToken(request, DEMO.owner.email);
    await login(page, DEMO.owner.email);

    const name = uniqueName('Cliente Consentimento');
    const email = uniqueEmail('consentimento');
    await page.goto('/clientes');
    await page.getByRole('button', { name: 'Novo cliente' }).click();
    const create = page.getByRole('dialog', { name: 'Novo cliente' });
    await create.getByLabel('Nome').fill(name);
    await create.getByLabel('E-mail', { exact: true }).fill(email);
    await expect(create.getByLabel(CONSENT)).not.toBeChecked();
    await create.getByLabel(CONSENT).check();
    await create.getByRole('button', { name: 'Cadastrar cliente' }).click();
    await expect(page).toHaveURL(/\/clientes-pessoa-interna\/\d+$/);
    const clientId = Number(page.url().split('/').pop());

    // Reopened: ticked, with the day and the source.
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Editar cliente' });
    await expect(edit.getByLabel(CONSENT)).toBeChecked();
    await expect(edit.getByText(`Consentimento em ${today()} (cadastro pela agência)`)).toBeVisible();
    // A change not saved: closing asks first.
    await edit.getByLabel('Observações').fill('Prefere contato por e-mail');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Descartar alterações?' });
    await ask.getByRole('button', { name: 'Descartar' }).click();
    await expect(edit).toBeHidden();

    // The agency mails the client a budget: its footer carries the unsubscribe link.
    const attendance = await apiCreateAttendance(request, token, { client_id: clientId, title: uniqueName('Viagem Consentimento') });
    const headers = { Authorization: `Bearer ${token}` };
    const budget = await request.post('/api/budgets/', { headers, data: { attendance_id: attendance.id, title: 'Férias no Nordeste' } });
    expect(budget.ok(), await budget.text()).toBeTruthy();
    const sent = await request.post(`/api/budgets/send-email/${(await budget.json()).id}`, { headers, data: { to: [email] } });
    expect(sent.ok(), await sent.text()).toBeTruthy();
    const mail = await waitForMail(request, email, /orçamento de viagem/);
    expect(mail.text).toContain('Não quer mais receber nossos e-mails? Descadastre-se:');

    // The client opens the link: a confirmation page, one button.
    await page.goto(linkPath(mail, /\/api\/unsubscribe\//));
    await expect(page.getByRole('heading', { name: 'Não quer mais receber nossos e-mails?' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirmar descadastro' }).click();
    await expect(page.getByRole('heading', { name: 'Descadastro feito' })).toBeVisible();

    // Back in the app: the consent is gone.
    await page.goto(`/clientes-pessoa-interna/${clientId}`);
    await page.getByRole('button', { name: 'Editar', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Editar cliente' }).getByLabel(CONSENT)).not.toBeChecked();
  });
});
