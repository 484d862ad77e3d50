// Duplicating a budget is an explicit action: /duplicate-orcamento/{id} opened, reloaded and
// cancelled creates nothing; its form copies for another attendance and other dates (the end and
// the services follow the start), sent with Enter, and the copy of a copy keeps one " (cópia)".
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, DEMO, login } from './support/app';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type BudgetJson = {
  id: number;
  title: string;
  attendance_id: number;
  client: { id: number; name: string };
  start_date: string | null;
  end_date: string | null;
  proposals: { id: number; services: { title: string; start_date: string | null }[] }[];
};

/** The attendance's budgets, counted by the API (other journeys' budgets are not theirs). */
async function budgetCount(request: APIRequestContext, token: string, attendanceId: number): Promise<number> {
  const res = await request.get(`/api/budgets?attendance_id=${attendanceId}&per_page=50`, { headers: auth(token) });
  expect(res.ok(), `list budgets: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { pagination: { total_count: number } }).pagination.total_count;
}

async function getBudget(request: APIRequestContext, token: string, id: number): Promise<BudgetJson> {
  const res = await request.get(`/api/budgets/${id}`, { headers: auth(token) });
  expect(res.ok(), `get budget: ${res.status()}`).toBeTruthy();
  return (await res.json()) as BudgetJson;
}

/** Every call the page makes to the copy's route, to prove a visit makes none. */
function watchDuplicateCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    // tRPC's /trpc/budgets.duplicate or REST's /api/budgets/duplicate; the page's own address is neither.
    if (/budgets[./]duplicate/.test(new URL(req.url()).pathname)) calls.push(`${req.method()} ${req.url()}`);
  });
  return calls;
}

test.describe('budget duplicate', () => {
  test('a visit or a reload copies nothing; the form copies once, for another attendance and dates', async ({ page, request }) => {
    test.setTimeout(90_000);
    const token = await apiToken(request, DEMO.owner.email);
    const client = await apiCreateClient(request, token, { name: uniqueName('Família Prado') });
    const other = await apiCreateClient(request, token, { name: uniqueName('Família Moura') });
    const attendanceTitle = uniqueName('Bariloche em março');
    const attendance = await apiCreateAttendance(request, token, {
      client_id: client.id,
      title: attendanceTitle,
      destination: 'Bariloche',
      start_date: '2027-03-10',
      end_date: '2027-03-20',
    });
    const otherTitle = uniqueName('Neve em família');
    const otherAttendance = await apiCreateAttendance(request, token, { client_id: other.id, title: otherTitle });
    const title = uniqueName('Roteiro Bariloche');
    const created = await request.post('/api/budgets/', { headers: auth(token), data: { attendance_id: attendance.id, title } });
    expect(created.ok(), await created.text()).toBeTruthy();
    const source = (await created.json()) as BudgetJson;
    const service = await request.post('/api/services', {
      headers: auth(token),
      data: {
        proposal_id: source.proposals[0]?.id,
        type: 'tour',
        title: 'Passeio ao Cerro Catedral',
        start_date: '2027-03-12',
        adult_number: 2,
        child_number: 0,
        infant_number: 0,
        currency: 'BRL',
        total_cents: 80_000,
        details: {},
      },
    });
    expect(service.ok(), await service.text()).toBeTruthy();

    await login(page, DEMO.owner.email);
    const calls = watchDuplicateCalls(page);

    // Opened, then reloaded twice (a bookmark, a shared link): the form each time, no copy.
    await page.goto(`/duplicate-orcamento/${source.id}`);
    const form = page.getByRole('form', { name: 'Duplicar orçamento' });
    for (let visit = 0; visit < 3; visit += 1) {
      if (visit > 0) await page.reload();
      await expect(page.getByRole('heading', { name: 'Duplicar orçamento', level: 1 })).toBeVisible();
      await expect(page.getByTestId('duplicate-source')).toContainText(title);
      await expect(form.getByLabel('Atendimento')).toHaveValue(attendanceTitle);
      await expect(form.getByText(`Cliente: ${client.name}`)).toBeVisible();
      await expect(form.getByLabel('Início da viagem')).toHaveValue('10/03/2027');
      await expect(form.getByLabel('Fim da viagem')).toHaveValue('20/03/2027');
    }
    expect(calls).toEqual([]);
    expect(await budgetCount(request, token, attendance.id)).toBe(1);
    expect(await budgetCount(request, token, otherAttendance.id)).toBe(0);

    // Cancelled: back in the original's editor, still nothing copied.
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(new RegExp(`/novo-orcamento/${source.id}$`));
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    expect(calls).toEqual([]);
    expect(await budgetCount(request, token, attendance.id)).toBe(1);

    // The form, by keyboard: another attendance (its client shown), the start 22 days later; the
    // end follows it, the services will too; Enter sends it.
    await page.goto(`/duplicate-orcamento/${source.id}`);
    const picker = form.getByLabel('Atendimento');
    await picker.fill(otherTitle);
    await expect(page.getByRole('option', { name: new RegExp(otherTitle) })).toBeVisible();
    await picker.press('Enter');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(form.getByText(`Cliente: ${other.name}`)).toBeVisible();
    const start = form.getByLabel('Início da viagem');
    await start.fill('01/04/2027');
    await start.press('Tab');
    await expect(start).toHaveValue('01/04/2027');
    const end = form.getByLabel('Fim da viagem');
    await expect(end).toHaveValue('11/04/2027');
    await expect(page.getByTestId('duplicate-shift')).toHaveText(
      'As datas dos serviços da cópia vão avançar 22 dias, como o início da viagem.',
    );
    await end.focus();
    await end.press('Escape');
    await end.press('Enter');

    await expect(page.getByTestId('copy-created')).toContainText(`copiado do orçamento nº ${source.id}`);
    await expect(page).toHaveURL(/\/novo-orcamento\/\d+$/);
    const copyId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(copyId).not.toBe(source.id);
    await expect(page.getByRole('heading', { name: `${title} (cópia)`, exact: true })).toBeVisible();
    expect(calls).toHaveLength(1);
    const copy = await getBudget(request, token, copyId);
    expect(copy).toMatchObject({
      title: `${title} (cópia)`,
      attendance_id: otherAttendance.id,
      client: { id: other.id },
      start_date: '2027-04-01',
      end_date: '2027-04-11',
    });
    expect(copy.proposals[0]?.services.map((s) => [s.title, s.start_date])).toEqual([['Passeio ao Cerro Catedral', '2027-04-03']]);
    expect(await budgetCount(request, token, attendance.id)).toBe(1);
    expect(await budgetCount(request, token, otherAttendance.id)).toBe(1);

    // Reloading the copy's editor copies nothing more.
    await page.reload();
    await expect(page.getByRole('heading', { name: `${title} (cópia)`, exact: true })).toBeVisible();
    expect(calls).toHaveLength(1);

    // The copy of the copy, as it is (a click this time): still one " (cópia)".
    await page.goto(`/duplicate-orcamento/${copyId}`);
    await expect(form.getByLabel('Atendimento')).toHaveValue(otherTitle);
    await form.getByRole('button', { name: 'Duplicar orçamento' }).click();
    await expect(page.getByTestId('copy-created')).toContainText(`copiado do orçamento nº ${copyId}`);
    await expect(page.getByRole('heading', { name: `${title} (cópia)`, exact: true })).toBeVisible();
    const secondId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(secondId).not.toBe(copyId);
    expect((await getBudget(request, token, secondId)).title).toBe(`${title} (cópia)`);
    expect(await budgetCount(request, token, otherAttendance.id)).toBe(2);
    expect(calls).toHaveLength(2);
  });

  test('an address of no budget says so and copies nothing', async ({ page }) => {
    await login(page, DEMO.owner.email);
    const calls = watchDuplicateCalls(page);
    await page.goto('/duplicate-orcamento/999999999');
    await expect(page.getByRole('heading', { name: 'Orçamento não encontrado' })).toBeVisible();
    expect(calls).toEqual([]);
  });
});
