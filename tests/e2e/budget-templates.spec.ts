// Starting from a package (issue 34, item 2): a proposal saved as an agency template, a new budget
// started from it on another trip's dates, a service copied from another budget, the favourite hotel
// offered first in the hotel field (with its supplier), and the templates screen (search, services
// edited, delete with confirmation).
import type { APIRequestContext } from '@playwright/test';
import { apiToken, DEMO, login } from './support/app';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type BudgetJson = { id: number; proposals: { id: number; title: string; services: { title: string; start_date: string | null }[] }[] };

async function post<T>(request: APIRequestContext, token: string, path: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(path, { headers: auth(token), data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

async function getBudget(request: APIRequestContext, token: string, id: number): Promise<BudgetJson> {
  const res = await request.get(`/api/budgets/${id}`, { headers: auth(token) });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as BudgetJson;
}

const tour = (proposalId: number, title: string, startDate: string) => ({
  proposal_id: proposalId,
  type: 'tour',
  title,
  start_date: startDate,
  adult_number: 2,
  child_number: 0,
  infant_number: 0,
  currency: 'BRL',
  adult_cents: 30_000,
  details: {},
});

test.describe('budget templates', () => {
  test('save a proposal as a template, start a budget from it, copy a service, favourite hotel first', async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await apiToken(request, DEMO.owner.email);
    const client = await apiCreateClient(request, token, { name: uniqueName('Família Quiroga') });
    const hotelName = uniqueName('Recoleta Grand Favorito');
    // Sold by a supplier of the agency: picking the hotel brings it to the service.
    const hotelSupplier = await post<{ id: number; name: string }>(request, token, '/api/suppliers', {
      kind: 'organization',
      name: uniqueName('Rede Recoleta'),
      service_types: ['accommodation'],
    });
    await post(request, token, '/api/favorite-hotels', {
      name: hotelName,
      location: 'Recoleta, Buenos Aires',
      supplier_id: hotelSupplier.id,
    });
    // Two receptive suppliers: the favourite comes first though its name sorts last.
    const suppliersWord = uniqueName('Receptivo').split(' ').pop() as string;
    await post(request, token, '/api/suppliers', { kind: 'organization', name: `Aaa Receptivo ${suppliersWord}`, service_types: ['tour'] });
    await post(request, token, '/api/suppliers', {
      kind: 'organization',
      name: `Zzz Receptivo ${suppliersWord}`,
      service_types: ['tour'],
      is_favorite: true,
    });

    // The package's source: 7 nights from 10/03/2027 with a tango show on day 2.
    const sourceAttendance = await apiCreateAttendance(request, token, { client_id: client.id, title: uniqueName('Buenos Aires') });
    const source = await post<BudgetJson>(request, token, '/api/budgets/', {
      attendance_id: sourceAttendance.id,
      title: uniqueName('Buenos Aires clássico'),
      start_date: '2027-03-10',
      end_date: '2027-03-17',
    });
    const tango = uniqueName('Show de tango');
    await post(request, token, '/api/services', tour(source.proposals[0]?.id as number, tango, '2027-03-11'));
    // Another budget of the agency, with a service to copy.
    const other = await post<BudgetJson>(request, token, '/api/budgets/', {
      attendance_id: sourceAttendance.id,
      title: uniqueName('Uruguai'),
      destination: 'Colonia del Sacramento',
      start_date: '2027-05-01',
    });
    const colonia = uniqueName('Passeio a Colonia');
    await post(request, token, '/api/services', tour(other.proposals[0]?.id as number, colonia, '2027-05-03'));

    await login(page, DEMO.owner.email);

    // Saved from the proposal's actions.
    await page.goto(`/novo-orcamento/${source.id}`);
    await page.getByRole('button', { name: 'Ações da proposta' }).click();
    await page.getByRole('menuitem', { name: 'Salvar como modelo' }).click();
    const save = page.getByRole('dialog', { name: 'Salvar proposta como modelo' });
    const templateName = uniqueName('Pacote Buenos Aires 7 noites');
    const nameField = save.getByLabel('Nome do modelo');
    await expect(nameField).toBeFocused();
    await nameField.fill(templateName);
    await nameField.press('Enter');
    await expect(page.getByText('Modelo salvo.').last()).toBeVisible();
    await expect(save).toHaveCount(0);

    // A new budget for another trip starts from it: the services land on that trip's dates.
    const attendanceTitle = uniqueName('Buenos Aires em agosto');
    const attendance = await apiCreateAttendance(request, token, {
      client_id: client.id,
      title: attendanceTitle,
      start_date: '2027-08-01',
      adults: 3,
    });
    await page.goto(`/novo-orcamento?attendance_id=${attendance.id}`);
    const form = page.getByRole('form', { name: 'Novo orçamento' });
    await expect(form.getByLabel('Início da viagem')).toHaveValue('01/08/2027');
    const templatePicker = form.getByLabel('Começar de um modelo');
    await templatePicker.fill(templateName);
    await expect(page.getByRole('option', { name: new RegExp(templateName) })).toBeVisible();
    await templatePicker.press('Enter');
    // Chosen (not only typed): the field then reads the option's text, with its services.
    await expect(templatePicker).toHaveValue(new RegExp(`^${templateName} · .*serviço`));
    await form.getByRole('button', { name: 'Criar orçamento' }).click();
    await expect(page).toHaveURL(/\/novo-orcamento\/\d+/);
    const budgetId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByText(tango)).toBeVisible();
    const made = await getBudget(request, token, budgetId);
    expect(made.proposals.map((p) => p.services.map((s) => [s.title, s.start_date]))).toEqual([[[tango, '2027-08-02']]]);

    // The same template again, as a new proposal of this budget.
    await page.getByRole('button', { name: 'De um modelo' }).click();
    const apply = page.getByRole('dialog', { name: 'Nova proposta de um modelo' });
    const applyPicker = apply.getByRole('textbox', { name: 'Modelo' });
    await applyPicker.fill(templateName);
    await expect(page.getByRole('option', { name: new RegExp(templateName) })).toBeVisible();
    await applyPicker.press('Enter');
    await expect(applyPicker).toHaveValue(new RegExp(`^${templateName} · .*serviço`));
    await apply.getByRole('button', { name: 'Usar modelo' }).click();
    await expect(page.getByText('Proposta criada a partir do modelo.').last()).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(2);
    await page.getByRole('tab').first().click();

    // A service of the other budget, found by its budget's destination, copied into this proposal.
    await page.getByRole('button', { name: 'Copiar de outro orçamento' }).click();
    const copy = page.getByRole('dialog', { name: 'Copiar serviço de outro orçamento' });
    const servicePicker = copy.getByRole('textbox', { name: 'Serviço' });
    await servicePicker.fill('colonia sacramento');
    await expect(page.getByRole('option', { name: new RegExp(colonia) }).first()).toBeVisible();
    await page
      .getByRole('option', { name: new RegExp(colonia) })
      .first()
      .click();
    await copy.getByRole('button', { name: 'Copiar serviço' }).click();
    await expect(page.getByText('Serviço copiado.').last()).toBeVisible();
    await expect(page.getByText(colonia)).toBeVisible();
    const copied = await getBudget(request, token, budgetId);
    // The copy moves with the trip: 2 days after its own start, 2 days after this one's.
    expect(copied.proposals[0]?.services.map((s) => [s.title, s.start_date])).toEqual([
      [tango, '2027-08-02'],
      [colonia, '2027-08-03'],
    ]);

    // The favourite hotel is offered first in the hotel field of a new stay.
    await page.getByRole('button', { name: 'Adicionar serviço' }).click();
    await page.getByRole('menuitem', { name: 'Hospedagem' }).click();
    const stay = page.getByRole('dialog', { name: 'Novo serviço: Hospedagem' });
    const hotelField = stay.getByLabel(/^Hotel\b/);
    // Words of its name in another order still find it (previous runs' hotels share the first ones).
    await hotelField.fill(hotelName.split(' ').reverse().join(' '));
    const firstOption = page.getByRole('option').first();
    await expect(firstOption).toHaveText(new RegExp(hotelName));
    await expect(page.getByRole('listbox').getByText('Hotéis favoritos', { exact: true })).toBeVisible();
    await firstOption.click();
    await expect(hotelField).toHaveValue(hotelName);
    await expect(stay.getByLabel('Local')).toHaveValue('Recoleta, Buenos Aires');
    await expect(stay.getByLabel('Fornecedor')).toHaveValue(hotelSupplier.name);
    // No title typed yet: the stay takes the hotel's name.
    await expect(stay.getByLabel('Título')).toHaveValue(hotelName);

    await stay.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('dialog', { name: 'Descartar alterações?' }).getByRole('button', { name: 'Descartar' }).click();
    await expect(stay).toHaveCount(0);

    // The favourite supplier is offered first in the supplier field of a tour.
    await page.getByRole('button', { name: 'Adicionar serviço' }).click();
    await page.getByRole('menuitem', { name: 'Passeio/ingresso' }).click();
    const tourDialog = page.getByRole('dialog', { name: 'Novo serviço: Passeio/ingresso' });
    await tourDialog.getByLabel('Fornecedor').fill(`receptivo ${suppliersWord}`);
    await expect(page.getByRole('option').first()).toHaveText(`Zzz Receptivo ${suppliersWord} · Favorito`);
    await expect(page.getByRole('option').nth(1)).toHaveText(`Aaa Receptivo ${suppliersWord}`);

    // The templates screen finds it by any word and deletes it after asking.
    await page.goto('/modelos-de-orcamento');
    await page.getByLabel('Buscar').fill(templateName.split(' ').reverse().join(' '));
    const row = page.getByTestId('template-row').filter({ hasText: templateName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('7 dias');
    await row.getByRole('button', { name: `Excluir ${templateName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir modelo' });
    await expect(confirm).toContainText(`Excluir o modelo "${templateName}"?`);
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Modelo excluído.').last()).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("a template's services edited: a title and a fare changed, a service removed", async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, DEMO.owner.email);
    const client = await apiCreateClient(request, token, { name: uniqueName('Família Salta') });
    const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title: uniqueName('Salta') });
    const source = await post<BudgetJson>(request, token, '/api/budgets/', {
      attendance_id: attendance.id,
      title: uniqueName('Salta e Jujuy'),
      start_date: '2027-04-10',
      end_date: '2027-04-15',
    });
    const proposalId = source.proposals[0]?.id as number;
    const wine = uniqueName('Bodegas de Cafayate');
    const train = uniqueName('Tren a las Nubes');
    await post(request, token, '/api/services', tour(proposalId, wine, '2027-04-11'));
    await post(request, token, '/api/services', tour(proposalId, train, '2027-04-12'));
    const templateName = uniqueName('Pacote Salta 5 noites');
    const template = await post<{ id: number }>(request, token, '/api/budget-templates', {
      name: templateName,
      budget_id: source.id,
      proposal_id: proposalId,
    });

    await login(page, DEMO.owner.email);
    await page.goto('/modelos-de-orcamento');
    await page.getByLabel('Buscar').fill(templateName);
    const row = page.getByTestId('template-row').filter({ hasText: templateName });
    await expect(row).toContainText('1 proposta, 2 serviços');
    const open = row.getByRole('button', { name: `Editar serviços de ${templateName}` });
    await open.click();
    const dialog = page.getByRole('dialog', { name: `Serviços do modelo ${templateName}` });
    const services = dialog.getByTestId('template-service');
    await expect(services).toHaveCount(2);

    // A change asks before it is thrown away; the focus goes back to the button.
    await services.nth(0).getByLabel('Título').fill('Vinícolas de Cafayate');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('dialog', { name: 'Descartar alterações?' }).getByRole('button', { name: 'Descartar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();

    await open.click();
    await expect(services).toHaveCount(2);
    await services.nth(0).getByLabel('Título').fill('Vinícolas de Cafayate');
    await services.nth(0).getByLabel('Tarifa adulto').fill('420');
    await dialog.getByRole('button', { name: `Remover ${train}` }).click();
    await expect(services).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Salvar serviços' }).click();
    await expect(page.getByText('Serviços do modelo salvos.').last()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('1 proposta, 1 serviço');

    const res = await request.get(`/api/budget-templates/${template.id}`, { headers: auth(token) });
    const saved = (await res.json()) as { proposals: { services: { title: string; adult_cents: number }[] }[] };
    expect(saved.proposals[0]?.services.map((s) => [s.title, s.adult_cents])).toEqual([['Vinícolas de Cafayate', 42_000]]);
  });
});
