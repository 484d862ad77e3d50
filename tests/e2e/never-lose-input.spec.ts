// Never lose input (issue 34, item 3), in the budget editor's dialogs (and the app's other form dialogs): Esc in an open date picker,
// picker or select closes only it; closing a form with unsaved changes asks first; the service form's
// draft survives a reload, for its own user only; the focus goes back to what opened a dialog;
// a field merely visited says nothing until the submit; a focused input shows a 2 px ring.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, DEMO, KEYS, login, storage } from './support/app';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type Budget = { id: number; proposalId: number; serviceId: number; serviceTitle: string };

/** A budget of the demo agency with one tour in its proposal, made through the API. */
async function budgetWithTour(request: APIRequestContext): Promise<Budget> {
  const token = await apiToken(request, DEMO.owner.email);
  const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Rascunho') });
  const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title: uniqueName('Viagem a Salvador') });
  const res = await request.post('/api/budgets/', {
    headers: auth(token),
    data: { attendance_id: attendance.id, title: uniqueName('Salvador'), currency: 'BRL', paxes: [{ name: 'Ana', age_group: 'adult' }] },
  });
  expect(res.ok(), `budget: ${res.status()} ${await res.text()}`).toBeTruthy();
  const budget = (await res.json()) as { id: number; proposals: { id: number }[] };
  const proposalId = budget.proposals[0]?.id as number;
  const serviceTitle = uniqueName('Passeio de escuna');
  const service = await request.post('/api/services', {
    headers: auth(token),
    data: {
      proposal_id: proposalId,
      type: 'tour',
      title: serviceTitle,
      currency: 'BRL',
      adult_number: 1,
      child_number: 0,
      infant_number: 0,
      adult_cents: 20_000,
      details: { place: 'Baía de Todos-os-Santos' },
    },
  });
  expect(service.ok(), `service: ${service.status()} ${await service.text()}`).toBeTruthy();
  return { id: budget.id, proposalId, serviceId: ((await service.json()) as { id: number }).id, serviceTitle };
}

/** The editor, once its service shows (a context's first page downloads the app: slow on a busy machine). */
async function openEditor(page: Page, budget: Budget) {
  await page.goto(`/novo-orcamento/${budget.id}`);
  await expect(page.getByTestId('service-row')).toHaveCount(1, { timeout: 30_000 });
}

/** 'Adicionar serviço' -> a type: the new service's dialog, its title field focused. */
async function newService(page: Page, type: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Adicionar serviço' }).click();
  await page.getByRole('menuitem', { name: type }).click();
  const dialog = page.getByRole('dialog', { name: `Novo serviço: ${type}` });
  await expect(dialog.getByLabel('Título')).toBeFocused();
  return dialog;
}

/** The service's card opened by its title's button: the edit dialog, loaded. */
async function editService(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar serviço: Passeio/ingresso' });
  await expect(dialog.getByLabel('Título')).toBeFocused();
  return dialog;
}

const discardQuestion = (page: Page) => page.getByRole('dialog', { name: 'Descartar alterações?' });

test.describe('never lose input', () => {
  // A budget made through the API, a login and a few dialogs each: room for a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('Esc in an open date picker, picker or select closes it, not the dialog around it', async ({ page, request }) => {
    const budget = await budgetWithTour(request);
    await login(page, DEMO.owner.email);
    await openEditor(page, budget);
    const dialog = await newService(page, 'Passeio/ingresso');

    const start = dialog.getByLabel('Início', { exact: true });
    await start.click();
    const calendar = page.locator('[data-dates-dropdown]');
    await expect(calendar).toBeVisible();
    await start.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(dialog).toBeVisible();

    // A picker's list (the supplier's), likewise.
    const supplier = dialog.getByLabel('Fornecedor');
    await supplier.click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await supplier.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(dialog).toBeVisible();

    const currency = dialog.getByRole('combobox', { name: 'Moeda' });
    await currency.click();
    await expect(page.getByRole('listbox', { name: 'Moeda' })).toBeVisible();
    await currency.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Moeda' })).toBeHidden();
    await expect(dialog).toBeVisible();

    // With nothing open in it, Esc closes the dialog (nothing typed: at once).
    await currency.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(discardQuestion(page)).toHaveCount(0);
  });

  test('closing a form with unsaved changes asks "Descartar alterações?"; unchanged, it closes at once', async ({ page, request }) => {
    const budget = await budgetWithTour(request);
    await login(page, DEMO.owner.email);
    await openEditor(page, budget);

    // Unchanged: Esc, × and Cancelar close at once.
    let dialog = await newService(page, 'Passeio/ingresso');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    dialog = await newService(page, 'Passeio/ingresso');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(discardQuestion(page)).toHaveCount(0);

    // Changed: Esc asks; "Continuar editando" (the first choice) goes back to what was typed.
    dialog = await newService(page, 'Passeio/ingresso');
    await dialog.getByLabel('Título').fill('Passeio ao Pelourinho');
    await dialog.getByLabel('Título').press('Escape');
    const question = discardQuestion(page);
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Continuar editando' })).toBeFocused();
    await question.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(question).toBeHidden();
    await expect(dialog.getByLabel('Título')).toHaveValue('Passeio ao Pelourinho');
    await expect(dialog.getByLabel('Título')).toBeFocused();

    // Esc in the question answers it, not the form.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(dialog).toBeVisible();

    // × asks too; "Descartar" closes both and saves nothing.
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await question.getByRole('button', { name: 'Descartar' }).click();
    await expect(question).toBeHidden();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('service-row')).toHaveCount(1);

    // Typed and typed back to where it started: nothing to lose.
    dialog = await editService(page, budget.serviceTitle);
    await dialog.getByLabel('Título').fill('Outro título');
    await dialog.getByLabel('Título').fill(budget.serviceTitle);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(discardQuestion(page)).toHaveCount(0);

    // The other forms of the editor ask alike: the passengers.
    await page.getByRole('button', { name: 'Editar passageiros' }).click();
    const paxes = page.getByRole('dialog', { name: 'Passageiros' });
    await paxes.getByRole('group', { name: 'Passageiro 1' }).getByLabel('Nome').fill('Ana Maria');
    await paxes.getByRole('button', { name: 'Cancelar' }).click();
    await question.getByRole('button', { name: 'Descartar' }).click();
    await expect(paxes).toBeHidden();
    await expect(page.getByTestId('pax-row')).toHaveText([/^Ana/]);
    await expect(page.getByTestId('pax-row')).not.toContainText('Ana Maria');
  });

  test("the service form's draft survives a reload, for its own user only, until saved or discarded", async ({ page, request }) => {
    test.setTimeout(180_000);
    const budget = await budgetWithTour(request);
    await login(page, DEMO.owner.email);
    await openEditor(page, budget);
    const user = JSON.parse((await storage(page, KEYS.user)) as string) as { id: number; company_id: number };
    const key = `draft:c${user.company_id}:u${user.id}:budget-${budget.id}:service-${budget.serviceId}`;

    let dialog = await editService(page, budget.serviceTitle);
    await dialog.getByLabel('Título').fill('Escuna com almoço');
    await dialog.getByLabel('Tarifa adulto').fill('310');
    await expect.poll(() => storage(page, key)).toContain('Escuna com almoço');

    // A reload: the same service's form opens on what was typed, and says so.
    await page.reload();
    await expect(page.getByTestId('service-row')).toHaveCount(1, { timeout: 30_000 });
    dialog = await editService(page, budget.serviceTitle);
    await expect(dialog.getByTestId('draft-restored')).toContainText('Rascunho restaurado');
    await expect(dialog.getByLabel('Título')).toHaveValue('Escuna com almoço');
    await expect(dialog.getByLabel('Tarifa adulto')).toHaveValue('BRL 310,00');

    // "Descartar rascunho": the saved service again, the draft gone.
    await dialog.getByRole('button', { name: 'Descartar rascunho' }).click();
    await expect(dialog.getByTestId('draft-restored')).toHaveCount(0);
    await expect(dialog.getByLabel('Título')).toHaveValue(budget.serviceTitle);
    await expect(dialog.getByLabel('Tarifa adulto')).toHaveValue('BRL 200,00');
    expect(await storage(page, key)).toBeNull();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Typed again, then discarded on closing: gone too.
    dialog = await editService(page, budget.serviceTitle);
    await dialog.getByLabel('Título').fill('Escuna ao pôr do sol');
    await expect.poll(() => storage(page, key)).toContain('Escuna ao pôr do sol');
    await page.keyboard.press('Escape');
    await discardQuestion(page).getByRole('button', { name: 'Descartar' }).click();
    expect(await storage(page, key)).toBeNull();

    // Typed, reloaded, then saved: the saved service, no draft left.
    dialog = await editService(page, budget.serviceTitle);
    await dialog.getByLabel('Título').fill('Escuna e Ilha dos Frades');
    await expect.poll(() => storage(page, key)).toContain('Escuna e Ilha dos Frades');
    await page.reload();
    dialog = await editService(page, budget.serviceTitle);
    await expect(dialog.getByLabel('Título')).toHaveValue('Escuna e Ilha dos Frades');
    await dialog.getByRole('button', { name: 'Salvar serviço' }).click();
    await expect(page.getByText('Serviço atualizado.').last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Escuna e Ilha dos Frades', exact: true })).toBeVisible();
    expect(await storage(page, key)).toBeNull();

    // A draft of a new service, then another user of the agency on the same browser: never theirs.
    dialog = await newService(page, 'Passeio/ingresso');
    await dialog.getByLabel('Título').fill('Rascunho da Dona Demo');
    const newKey = `draft:c${user.company_id}:u${user.id}:budget-${budget.id}:service-new-tour`;
    await expect.poll(() => storage(page, newKey)).toContain('Rascunho da Dona Demo');
    await page.reload();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage(page, newKey), 'kept for its own user').toContain('Rascunho da Dona Demo');
    await login(page, DEMO.admin.email);
    await openEditor(page, budget);
    dialog = await newService(page, 'Passeio/ingresso');
    await expect(dialog.getByLabel('Título')).toHaveValue('');
    await expect(dialog.getByTestId('draft-restored')).toHaveCount(0);
  });

  test('the focus goes back to what opened the dialog', async ({ page, request }) => {
    const budget = await budgetWithTour(request);
    await login(page, DEMO.owner.email);
    await openEditor(page, budget);

    // The card's button, by keyboard.
    const card = page.getByRole('button', { name: budget.serviceTitle, exact: true });
    await card.focus();
    await page.keyboard.press('Enter');
    let dialog = page.getByRole('dialog', { name: 'Editar serviço: Passeio/ingresso' });
    await expect(dialog.getByLabel('Título')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();

    // A menu's item: its menu's button (the item is gone with the menu).
    dialog = await newService(page, 'Passeio/ingresso');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Adicionar serviço' })).toBeFocused();

    const actions = page.getByRole('button', { name: `Ações do serviço ${budget.serviceTitle}` });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Cancelar com reembolso' }).click();
    const refund = page.getByRole('dialog', { name: 'Cancelar serviço com reembolso' });
    await expect(refund).toBeVisible();
    await refund.getByRole('button', { name: 'Fechar' }).click();
    await expect(refund).toBeHidden();
    await expect(actions).toBeFocused();

    // Through the discard question: back to the page's button, not into the closed dialog.
    await page.getByRole('button', { name: 'Editar passageiros' }).click();
    const paxes = page.getByRole('dialog', { name: 'Passageiros' });
    await paxes.getByRole('group', { name: 'Passageiro 1' }).getByLabel('Nome').fill('Bia');
    await page.keyboard.press('Escape');
    await discardQuestion(page).getByRole('button', { name: 'Descartar' }).click();
    await expect(paxes).toBeHidden();
    await expect(page.getByRole('button', { name: 'Editar passageiros' })).toBeFocused();
  });

  test('a field merely visited says nothing; a submit or a change does', async ({ page, request }) => {
    const budget = await budgetWithTour(request);
    await login(page, DEMO.owner.email);
    await openEditor(page, budget);
    const dialog = await newService(page, 'Passeio/ingresso');
    const title = dialog.getByLabel('Título');

    // Tabbing past the empty required title: no message.
    await title.press('Tab');
    await expect(title).not.toBeFocused();
    await expect(dialog.getByText('Preencha este campo')).toHaveCount(0);
    await expect(title).not.toHaveAttribute('aria-invalid', 'true');

    // The submit checks it, and focuses it.
    await dialog.getByRole('button', { name: 'Adicionar serviço' }).click();
    await expect(dialog.getByText('Preencha este campo')).toBeVisible();
    await expect(title).toBeFocused();
    // A change checks it again at once.
    await title.fill('Passeio ao Farol');
    await expect(dialog.getByText('Preencha este campo')).toHaveCount(0);
    await title.fill('');
    await expect(dialog.getByText('Preencha este campo')).toBeVisible();
  });

  test('a focused input shows a ring of at least 2 px, like a focused button', async ({ page, request }) => {
    const budget = await budgetWithTour(request);
    await login(page, DEMO.owner.email);
    await openEditor(page, budget);
    const dialog = await newService(page, 'Passeio/ingresso');

    const ring = (field: Locator) =>
      field.evaluate((el) => {
        const style = getComputedStyle(el);
        return { width: Number.parseFloat(style.outlineWidth), style: style.outlineStyle };
      });
    for (const field of [dialog.getByLabel('Título'), dialog.getByLabel('Descrição'), dialog.getByRole('combobox', { name: 'Moeda' })]) {
      await field.focus();
      const { width, style } = await ring(field);
      expect(style, 'the ring is drawn').not.toBe('none');
      expect(width, 'the ring is at least 2 px').toBeGreaterThanOrEqual(2);
    }
    // Unfocused, no ring.
    await dialog.getByLabel('Título').focus();
    expect((await ring(dialog.getByLabel('Descrição'))).style).toBe('none');
  });

  test("the app's other form dialogs ask alike before dropping what was typed", async ({ page, request }) => {
    test.setTimeout(180_000);
    const budget = await budgetWithTour(request);
    const token = await apiToken(request, DEMO.owner.email);
    // "Fechar venda" is offered for a sent budget.
    const sent = await request.patch(`/api/budgets/${budget.id}`, { headers: auth(token), data: { status: 'sent' } });
    expect(sent.ok(), `mark sent: ${await sent.text()}`).toBeTruthy();
    await login(page, DEMO.owner.email);

    /** Each dialog: how it opens (on its screen), its name and the field typed into. */
    const dialogs: { name: string; field: string; open: () => Promise<void> }[] = [
      {
        name: 'Novo regime de alimentação',
        field: 'Nome',
        open: async () => {
          await page.goto('/hospedagem/1');
          await page.getByRole('button', { name: 'Novo regime de alimentação' }).click();
        },
      },
      {
        name: 'Novo usuário',
        field: 'Nome',
        open: async () => {
          await page.goto('/usuarios');
          await page.getByRole('button', { name: 'Novo usuário' }).click();
        },
      },
      {
        name: 'Nova tarefa',
        field: 'Título',
        open: async () => {
          await page.goto('/tarefas');
          await page.getByRole('button', { name: 'Nova tarefa' }).click();
        },
      },
      {
        name: 'Enviar orçamento por e-mail',
        field: 'Mensagem',
        open: async () => {
          await page.goto(`/orcamento-infor/${budget.id}`);
          await page.getByRole('button', { name: 'Compartilhar' }).click();
          await page.getByRole('menuitem', { name: 'Enviar por e-mail' }).click();
        },
      },
      {
        name: 'Fechar venda',
        field: 'Observações',
        open: async () => {
          await page.goto(`/orcamento-infor/${budget.id}`);
          await page.getByRole('button', { name: 'Fechar venda' }).click();
        },
      },
    ];
    const question = discardQuestion(page);
    for (const { name, field, open } of dialogs) {
      const dialog = page.getByRole('dialog', { name });
      const input = dialog.getByRole('textbox', { name: field, exact: true });

      // Untouched: Esc closes it at once.
      await open();
      await expect(input, name).toBeVisible({ timeout: 30_000 });
      await input.press('Escape');
      await expect(dialog, `${name}: untouched, closed at once`).toBeHidden();
      await expect(question).toHaveCount(0);

      // Typed into: Esc asks; "Continuar editando" goes back to what was typed, "Descartar" closes.
      await open();
      await input.fill('Texto que não pode se perder');
      await input.press('Escape');
      await expect(question, `${name}: asks`).toBeVisible();
      await question.getByRole('button', { name: 'Continuar editando' }).click();
      await expect(question).toBeHidden();
      await expect(dialog).toBeVisible();
      await expect(input, `${name}: kept`).toHaveValue('Texto que não pode se perder');
      await input.press('Escape');
      await expect(question).toBeVisible();
      await question.getByRole('button', { name: 'Descartar' }).click();
      await expect(question).toBeHidden();
      await expect(dialog, `${name}: discarded`).toBeHidden();
    }
  });

  test('"Colar reserva" asks too, and its question keeps its Esc from the service\'s dialog', async ({ page, request }) => {
    const budget = await budgetWithTour(request);
    await login(page, DEMO.owner.email);
    await openEditor(page, budget);
    // The service's form untouched: an Esc that reached its dialog would close it at once.
    const service = await newService(page, 'Aéreo');
    const paste = page.getByRole('dialog', { name: 'Colar reserva' });
    const text = paste.getByLabel('Texto da reserva');
    const question = discardQuestion(page);

    // Untouched: Esc closes the paste dialog alone, at once.
    await service.getByRole('button', { name: 'Colar reserva' }).click();
    await expect(text).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(paste).toHaveCount(0);
    await expect(question).toHaveCount(0);
    await expect(service).toBeVisible();

    // Pasted: Esc asks; Esc in the question goes back to the text, both dialogs still open.
    await service.getByRole('button', { name: 'Colar reserva' }).click();
    await text.fill('2 LA8010 Y 10JUL 6 GRUEZE HK2  0805 1100');
    await text.press('Escape');
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Continuar editando' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(text).toHaveValue('2 LA8010 Y 10JUL 6 GRUEZE HK2  0805 1100');
    await expect(text).toBeFocused();
    await expect(service).toBeVisible();

    // Cancelar asks too; "Descartar" closes the paste dialog only, and drops the text.
    await paste.getByRole('button', { name: 'Cancelar' }).click();
    await question.getByRole('button', { name: 'Descartar' }).click();
    await expect(question).toBeHidden();
    await expect(paste).toHaveCount(0);
    await expect(service).toBeVisible();
    await service.getByRole('button', { name: 'Colar reserva' }).click();
    await expect(text).toHaveValue('');
  });
});
