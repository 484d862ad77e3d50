// Passengers from the first contact to the sale (issue 33, items 1 and 2), as the demo colaborador:
// an attendance of 2 adults and a child of 7 becomes a budget with three passengers to name; the
// client and her saved spouse are picked from the top of the list and bring their documents; the
// mother's passport, ending less than six months after the return, is flagged with its dates on the
// budget, in the sale dialog and on the sale page, beside what Brazilians need in Portugal and the
// child's travel authorisation. No passenger's name, birth date or document is typed on the way.
import { maskDocumentNumber } from '@app/shared/document-numbers';
import { shortDate } from '@app/shared/format';
import { TRAVEL_CHECK_TEXTS } from '@app/shared/travel-documents';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, DEMO, login } from './support/app';
import { uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function call<T>(request: APIRequestContext, token: string, method: 'post' | 'patch', path: string, data: unknown) {
  const res = await request[method](path, { headers: auth(token), data });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

async function fillDate(field: Locator, value: string) {
  await field.fill(value);
  await field.press('Tab');
  await expect(field).toHaveValue(value);
}

/** Opens a passenger's client picker and takes the option named `option`. */
async function pickClient(page: Page, row: Locator, option: string) {
  await row.getByLabel('Cliente', { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

const TRIP = { start: '2027-07-10', end: '2027-07-24' };
const MOTHER_PASSPORT = { number: 'FX100200', expires: '2027-12-01' };
const FATHER_PASSPORT = { number: 'GB555111', expires: '2031-03-15' };

test.describe('travellers from the first contact', () => {
  test('2 adults and a child of 7: named from the clients, documents copied, the passport flagged up to the sale', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const token = await apiToken(request, DEMO.colaborador.email);
    const motherName = uniqueName('Marina Lobo');
    const fatherName = uniqueName('Rafael Lobo');
    const mother = await call<{ id: number }>(request, token, 'post', '/api/clients', {
      kind: 'person',
      name: motherName,
      email: 'marina.lobo@exemplo.test',
      birth_date: '1988-03-15',
      documents: [{ type: 'passport', number: MOTHER_PASSPORT.number, country: 'BR', expires_at: MOTHER_PASSPORT.expires }],
    });
    const father = await call<{ id: number }>(request, token, 'post', '/api/clients', {
      kind: 'person',
      name: fatherName,
      birth_date: '1986-09-02',
      documents: [{ type: 'passport', number: FATHER_PASSPORT.number, country: 'BR', expires_at: FATHER_PASSPORT.expires }],
    });
    await call(request, token, 'post', `/api/clients/${mother.id}/companions`, { companion_client_id: father.id, relationship: 'spouse' });

    await login(page, DEMO.colaborador.email);

    // ---- 1. The first contact: who travels, the child's age asked.
    const title = uniqueName('Férias em Lisboa');
    await page.goto(`/atendimento-leader?cliente=${mother.id}`);
    await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue(motherName);
    await page.getByLabel('Título').fill(title);
    await page.getByLabel('Destino').fill('Lisboa');
    await fillDate(page.getByLabel('Início da viagem'), shortDate(TRIP.start));
    await fillDate(page.getByLabel('Fim da viagem'), shortDate(TRIP.end));
    await page.getByLabel('Adultos').fill('2');
    await page.getByLabel('Crianças').fill('1');
    await page.getByLabel('Idade da criança 1').fill('7');
    await page.getByRole('button', { name: 'Cadastrar atendimento' }).click();
    await expect(page).toHaveURL(/\/atendimento\/\d+$/);
    // The first is the attendance's own field; the consolidated summary repeats it.
    await expect(page.getByText('2 adultos, 1 criança (7 anos)').first()).toBeVisible();

    // ---- 2. The budget: its passengers are the attendance's head count, to be named.
    await page.getByRole('region', { name: 'Orçamentos' }).getByRole('link', { name: 'Novo orçamento' }).click();
    const form = page.getByRole('form', { name: 'Novo orçamento' });
    await expect(form.getByLabel('Título')).toHaveValue(title);
    await form.getByRole('combobox', { name: 'País', exact: true }).fill('Portugal');
    await page.getByRole('option', { name: 'Portugal', exact: true }).click();
    await form.getByRole('button', { name: 'Criar orçamento' }).click();
    await expect(page).toHaveURL(/\/novo-orcamento\/\d+$/);
    const budgetId = Number(page.url().split('/').pop());
    const rows = page.getByTestId('pax-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Adulto 1');
    await expect(rows.nth(1)).toContainText('Adulto 2');
    await expect(rows.nth(2)).toContainText('Criança 1');
    await expect(rows.nth(2)).toContainText('Criança · 7 anos');
    const checks = page.getByTestId('travel-checks');
    await expect(checks.getByTestId('travel-check-visa')).toContainText('Portugal: Visto não exigido.');
    await expect(checks.getByTestId('travel-check-visa')).toContainText('Portal Consular');
    await expect(checks.getByTestId('travel-check-minor')).toHaveText(TRAVEL_CHECK_TEXTS.minor.abroad('Criança 1'));

    // ---- 3. Named from the clients: the budget's client first, then her saved spouse; their data comes along.
    await page.getByRole('button', { name: 'Editar passageiros' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passageiros' });
    const first = dialog.getByRole('group', { name: 'Passageiro 1' });
    await first.getByLabel('Cliente', { exact: true }).click();
    const options = page.getByRole('option');
    await expect(options.nth(0)).toHaveText(`${motherName} (cliente do orçamento)`);
    await expect(options.nth(1)).toHaveText(`${fatherName} (cônjuge)`);
    await options.nth(0).click();
    await expect(first.getByLabel('Nome', { exact: true })).toHaveValue(motherName);
    await expect(first.getByLabel('Data de nascimento')).toHaveValue('15/03/1988');
    await expect(first.getByLabel('Número do documento')).toHaveValue(maskDocumentNumber(MOTHER_PASSPORT.number));
    await expect(first.getByLabel('Validade do documento')).toHaveValue(shortDate(MOTHER_PASSPORT.expires));
    await expect(first.getByRole('combobox', { name: 'País emissor' })).toHaveValue('Brasil');
    await expect(first.getByLabel('E-mail')).toHaveValue('marina.lobo@exemplo.test');
    const second = dialog.getByRole('group', { name: 'Passageiro 2' });
    await pickClient(page, second, `${fatherName} (cônjuge)`);
    await expect(second.getByLabel('Número do documento')).toHaveValue(maskDocumentNumber(FATHER_PASSPORT.number));
    // Picking another client replaces what the first one brought.
    await pickClient(page, second, `${motherName} (cliente do orçamento)`);
    await expect(second.getByLabel('Número do documento')).toHaveValue(maskDocumentNumber(MOTHER_PASSPORT.number));
    await pickClient(page, second, `${fatherName} (cônjuge)`);
    await expect(second.getByLabel('Nome', { exact: true })).toHaveValue(fatherName);
    await expect(second.getByLabel('Número do documento')).toHaveValue(maskDocumentNumber(FATHER_PASSPORT.number));
    await expect(second.getByLabel('E-mail')).toHaveValue('');
    await expect(dialog.getByRole('group', { name: 'Passageiro 3' }).getByLabel('Nome', { exact: true })).toHaveValue('Criança 1');
    await dialog.getByRole('button', { name: 'Salvar passageiros' }).click();
    await expect(page.getByText('Passageiros salvos.')).toBeVisible();
    await expect(rows.nth(0)).toContainText(motherName);
    await expect(rows.nth(0)).toContainText(
      `Passaporte ${maskDocumentNumber(MOTHER_PASSPORT.number)} · BR · validade ${shortDate(MOTHER_PASSPORT.expires)}`,
    );
    await expect(rows.nth(1)).toContainText(fatherName);

    // ---- 4. The mother's passport ends less than six months after the return: flagged with its dates.
    const passportWarning = TRAVEL_CHECK_TEXTS.passport.expires_within_6_months(
      motherName,
      shortDate(MOTHER_PASSPORT.expires),
      '24/01/2028',
    );
    await expect(checks.getByTestId('travel-check-passport')).toHaveText([passportWarning]);

    // ---- 5. Sold: the sale dialog and the sale page flag it too.
    const budget = await call<{ proposals: { id: number }[] }>(request, token, 'patch', `/api/budgets/${budgetId}`, { status: 'sent' });
    await call(request, token, 'post', '/api/services', {
      proposal_id: budget.proposals[0]?.id,
      type: 'transfer',
      title: 'Transfer aeroporto–hotel',
      start_date: TRIP.start,
      currency: 'BRL',
      adult_number: 2,
      child_number: 1,
      infant_number: 0,
      total_cents: 30_000,
      details: { from_place: 'Aeroporto de Lisboa', to_place: 'Hotel' },
    });
    await page.reload();
    await page.getByRole('button', { name: 'Fechar venda' }).click();
    const sell = page.getByRole('dialog', { name: 'Fechar venda' });
    await expect(sell.getByTestId('travel-check-passport')).toHaveText([passportWarning]);
    await sell.getByRole('button', { name: 'Fechar venda' }).click();
    await expect(page).toHaveURL(`/venda-fechada/${budgetId}`);
    const sold = page.getByTestId('travel-checks');
    await expect(sold.getByTestId('travel-check-passport')).toHaveText([passportWarning]);
    await expect(sold.getByTestId('travel-check-minor')).toHaveText(TRAVEL_CHECK_TEXTS.minor.abroad('Criança 1'));
  });
});
