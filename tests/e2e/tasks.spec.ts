// The task board (/tarefas) and an attendance's tasks, each journey in a fresh agency so the
// boards of parallel journeys never meet.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, login } from './support/app';
import { type Agency, addStaff, createAgency } from './support/billing';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { dragWithMouse } from './support/drag';
import { expect, test } from './support/fixtures';

const DAY_MS = 86_400_000;
/** A calendar date ('YYYY-MM-DD') `days` from today in the agencies' time zone. */
const isoDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * DAY_MS));
const brDay = (iso: string) => iso.split('-').reverse().join('/');

const column = (page: Page, status: string) => page.getByTestId(`task-column-${status}`);
const card = (scope: Page | Locator, title: string) => scope.getByTestId('task-card').filter({ hasText: title });

async function apiCreateTask(request: APIRequestContext, token: string, data: Record<string, unknown>): Promise<void> {
  const res = await request.post('/api/tasks', { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `create task: ${res.status()} ${await res.text()}`).toBeTruthy();
}

async function signIn(page: Page, agency: Agency) {
  await login(page, agency.owner.email, agency.owner.password);
}

test.describe('Tarefas', () => {
  test('a task is created, dragged with the mouse and the keyboard, advanced, and stays after a reload', async ({ page, request }) => {
    test.slow(); // a long journey: the board, the form, three moves, the filters and the reminders
    const agency = await createAgency(request);
    const token = await apiToken(request, agency.owner.email, agency.owner.password);
    const late = uniqueName('Cobrar sinal');
    await apiCreateTask(request, token, { title: late, due_date: isoDay(-2), priority: 'urgent' });
    const title = uniqueName('Emitir bilhetes');
    const due = isoDay(3);

    await signIn(page, agency);
    await page.goto('/tarefas');
    await expect(page.getByRole('heading', { name: 'A fazer' })).toBeVisible();
    for (const name of ['Fazendo', 'Em espera', 'Concluído']) await expect(page.getByRole('heading', { name })).toBeVisible();

    // Overdue: red and said in words.
    const overdue = card(column(page, 'to_do'), late);
    await expect(overdue).toHaveAttribute('data-overdue', 'true');
    await expect(overdue.getByText('Atrasada')).toBeVisible();
    await expect(overdue.getByTestId('task-due')).toContainText(brDay(isoDay(-2)));
    await expect(overdue.getByTestId('task-priority')).toHaveText('Urgente');

    // Created through the form.
    await page.getByRole('button', { name: 'Nova tarefa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova tarefa' });
    await dialog.getByLabel('Título').fill(title);
    await dialog.getByLabel('Vencimento').fill(brDay(due));
    await dialog.getByLabel('Hora').fill('14:30');
    await dialog.getByRole('combobox', { name: 'Prioridade' }).click();
    await page.getByRole('option', { name: 'Alta' }).click();
    await dialog.getByRole('combobox', { name: 'Responsável' }).click();
    await page.getByRole('option', { name: agency.owner.name }).click();
    await dialog.getByRole('button', { name: 'Criar tarefa' }).click();
    await expect(page.getByText('Tarefa criada.')).toBeVisible();
    const created = card(column(page, 'to_do'), title);
    await expect(created.getByTestId('task-due')).toHaveText(`${brDay(due)} às 14:30`);
    await expect(created).not.toHaveAttribute('data-overdue');
    await expect(created.getByTestId('task-priority')).toHaveText('Alta');
    await expect(created.getByTestId('task-assignee')).toHaveText(agency.owner.name);
    await expect(column(page, 'to_do').getByTestId('task-column-count')).toHaveText('2');

    // Dragged with the mouse to 'Fazendo'.
    await dragWithMouse(page, created.getByTestId('task-drag-handle'), column(page, 'doing'));
    await expect(card(column(page, 'doing'), title)).toBeVisible();
    await expect(column(page, 'doing').getByTestId('task-column-count')).toHaveText('1');
    await expect(column(page, 'to_do').getByTestId('task-column-count')).toHaveText('1');

    // Moved with the keyboard to 'Em espera': space picks it up, the arrow moves it, space drops it.
    const handle = card(column(page, 'doing'), title).getByTestId('task-drag-handle');
    await handle.focus();
    await page.keyboard.press('Space');
    // Announced in Portuguese: picked up (then over its own place).
    const announced = (text: string) => page.getByRole('status').filter({ hasText: new RegExp(`Tarefa ${title} ${text}`) });
    await expect(announced('(selecionada, na coluna Fazendo|sobre coluna Fazendo, posição 1 de 1)')).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(column(page, 'on_hold')).toHaveAttribute('data-over', 'true');
    await page.keyboard.press('Space');
    await expect(card(column(page, 'on_hold'), title)).toBeVisible();
    await expect(announced('solta em coluna Em espera, posição 1 de 1')).toBeAttached();
    await expect(column(page, 'doing').getByText('Nenhuma tarefa')).toBeVisible();

    // Advanced to 'Concluído'.
    await card(column(page, 'on_hold'), title)
      .getByRole('button', { name: `Avançar tarefa ${title}` })
      .click();
    await expect(card(column(page, 'done'), title)).toBeVisible();
    await expect(card(column(page, 'done'), title).getByRole('button', { name: /Avançar/ })).toHaveCount(0);

    // Saved: the board reads the same after a reload.
    await page.reload();
    await expect(card(column(page, 'done'), title)).toBeVisible();
    await expect(card(column(page, 'to_do'), late)).toBeVisible();
    await expect(column(page, 'on_hold').getByTestId('task-column-count')).toHaveText('0');

    // The menu moves it too, and the filters live in the address.
    await card(column(page, 'done'), title)
      .getByRole('button', { name: `Mover tarefa ${title} para…` })
      .click();
    await page.getByRole('menuitem', { name: 'A fazer' }).click();
    await expect(card(column(page, 'to_do'), title)).toBeVisible();
    await page.getByRole('combobox', { name: 'Vencimento' }).click();
    await page.getByRole('option', { name: 'Atrasadas' }).click();
    await expect(page).toHaveURL(/vencimento=atrasadas/);
    await expect(card(page, title)).toHaveCount(0);
    await expect(card(page, late)).toBeVisible();

    // Edited from its card, then deleted behind a confirmation.
    await page.goto('/tarefas');
    await card(column(page, 'to_do'), title)
      .getByRole('button', { name: `Editar tarefa ${title}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Editar tarefa' });
    await expect(edit.getByLabel('Título')).toHaveValue(title);
    await edit.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('dialog', { name: 'Excluir tarefa' }).getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Tarefa excluída.')).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);

    // The owner turns an automatic reminder off; it stays off.
    const notOpened = 'Orçamento enviado e não aberto em 2 dias';
    await page.getByRole('button', { name: 'Lembretes automáticos' }).click();
    const drawer = page.getByRole('dialog', { name: 'Lembretes automáticos' });
    await expect(drawer.getByRole('switch', { name: notOpened })).toBeChecked();
    await drawer.getByRole('switch', { name: notOpened }).click();
    await expect(page.getByText('Lembrete desativado.')).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'Lembretes automáticos' }).click();
    await expect(drawer.getByRole('switch', { name: notOpened })).not.toBeChecked();
    await expect(drawer.getByRole('switch', { name: 'Pagamento a fornecedor vence amanhã' })).toBeChecked();

    // The customer's reminder starts off; the days of "vence em breve" are the agency's.
    await expect(drawer.getByRole('switch', { name: /^Lembrete por e-mail ao cliente/ })).not.toBeChecked();
    const daysBefore = drawer.getByRole('textbox', { name: 'Dias antes do vencimento' });
    await expect(daysBefore).toHaveValue('3');
    await daysBefore.fill('5');
    await daysBefore.press('Enter');
    await expect(page.getByText('Dias do lembrete salvos.')).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'Lembretes automáticos' }).click();
    await expect(drawer.getByRole('textbox', { name: 'Dias antes do vencimento' })).toHaveValue('5');
  });

  test('the trip checklist is loaded on an attendance once, and its card lists the tasks', async ({ page, request }) => {
    test.slow(); // the checklist is loaded twice
    const agency = await createAgency(request);
    const token = await apiToken(request, agency.owner.email, agency.owner.password);
    const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Tarefas') });
    const trip = uniqueName('Roma em casal');
    const { id } = await apiCreateAttendance(request, token, {
      client_id: client.id,
      title: trip,
      destination: 'Roma, Itália',
      start_date: isoDay(30),
      end_date: isoDay(40),
    });

    await signIn(page, agency);
    await page.goto(`/atendimento/${id}`);
    const section = page.getByRole('region', { name: 'Tarefas', exact: true });
    await expect(section.getByText('Nenhuma tarefa para este atendimento.')).toBeVisible();

    await section.getByRole('button', { name: 'Carregar checklist da viagem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checklist da viagem' });
    const boxes = dialog.getByRole('checkbox');
    await expect(boxes.first()).toBeVisible();
    const total = await boxes.count();
    expect(total).toBeGreaterThan(1);
    for (const box of await boxes.all()) await expect(box).toBeChecked();
    await expect(dialog.getByText('2 dias antes da viagem')).toBeVisible();
    await dialog.getByRole('button', { name: `Criar ${total} tarefas` }).click();
    await expect(dialog.getByText(`${total} tarefas criadas`)).toBeVisible();
    await dialog.getByTestId('preload-result').getByRole('button', { name: 'Fechar' }).click();
    await expect(section.getByTestId('attendance-task')).toHaveCount(total);
    await expect(section.getByTestId('attendance-task-status').first()).toHaveText('A fazer');

    // Again: nothing new, each one already there.
    await section.getByRole('button', { name: 'Carregar checklist da viagem' }).click();
    await dialog.getByRole('button', { name: `Criar ${total} tarefas` }).click();
    await expect(dialog.getByText('Nenhuma tarefa criada')).toBeVisible();
    await expect(dialog.getByText(`${total} tarefas já existiam`)).toBeVisible();
    await dialog.getByTestId('preload-result').getByRole('button', { name: 'Fechar' }).click();
    await expect(section.getByTestId('attendance-task')).toHaveCount(total);

    // Advanced from the attendance; a new one starts with the attendance chosen.
    const first = section.getByTestId('attendance-task').first();
    await first.getByRole('button', { name: /^Avançar tarefa/ }).click();
    await expect(section.getByTestId('attendance-task-status').filter({ hasText: 'Fazendo' })).toHaveCount(1);
    await section.getByRole('button', { name: 'Nova tarefa' }).click();
    const form = page.getByRole('dialog', { name: 'Nova tarefa' });
    await expect(form.getByLabel('Atendimento')).toHaveValue(trip);
    const own = uniqueName('Reservar restaurante');
    await form.getByLabel('Título').fill(own);
    await form.getByRole('button', { name: 'Criar tarefa' }).click();
    await expect(section.getByTestId('attendance-task').filter({ hasText: own })).toBeVisible();

    // On the board, the card links back to the attendance.
    await page.goto('/tarefas');
    const onBoard = card(column(page, 'to_do'), own);
    await onBoard.getByRole('link', { name: trip }).click();
    await expect(page).toHaveURL(`/atendimento/${id}`);
  });

  test('at 360 px the board scrolls inside itself, not the page; a colaborador has no reminder settings', async ({ page, request }) => {
    const agency = await createAgency(request);
    const token = await apiToken(request, agency.owner.email, agency.owner.password);
    await apiCreateTask(request, token, { title: uniqueName('Ligar para o cliente sobre o roteiro da viagem de lua de mel') });
    const colaborador = await addStaff(request, agency, 'colaborador');
    await page.setViewportSize({ width: 360, height: 740 });
    await login(page, colaborador.email, colaborador.password);
    await page.goto('/tarefas');
    await expect(page.getByTestId('task-card')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Nova tarefa' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lembretes automáticos' })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const board = page.getByTestId('task-board');
    expect(await board.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });
});
