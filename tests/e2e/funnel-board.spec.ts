// The sales funnel board (/?visao=funil): cards dragged between Em aberto, Ganhos and Perdidos
// with the pointer or the keyboard, after the attendance screen's own questions, and each column
// loading its next page as it scrolls. Each journey filters the board to a client of its own.
import type { Locator, Page } from '@playwright/test';
import { apiToken, DEMO, login } from './support/app';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { dragWithMouse } from './support/drag';
import { expect, test } from './support/fixtures';

type Group = 'negotiations' | 'sales' | 'losses';
const column = (page: Page, group: Group) => page.getByTestId(`funnel-column-${group}`);
const card = (scope: Page | Locator, title: string) => scope.getByTestId('funnel-card').filter({ hasText: title });

async function openFunnel(page: Page, search: string) {
  await page.goto(`/?visao=funil&busca=${encodeURIComponent(search)}`);
  await expect(page.getByTestId('funnel-board')).toBeVisible();
}

/** A client and its open attendances, created through the API (newest last). */
async function seed(request: Parameters<typeof apiToken>[0], titles: string[], value_cents = 150_000) {
  const token = await apiToken(request, DEMO.owner.email);
  const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Funil') });
  for (const title of titles) await apiCreateAttendance(request, token, { client_id: client.id, title, value_cents });
  return client.name;
}

test.describe('Funil de vendas', () => {
  test('a card dragged with the mouse to Ganhos asks first, then is won and stays there after a reload', async ({ page, request }) => {
    const title = uniqueName('Cruzeiro arrastado');
    const client = await seed(request, [title]);
    await login(page, DEMO.owner.email);
    await openFunnel(page, client);
    const url = page.url();
    const open = card(column(page, 'negotiations'), title);
    await expect(open).toBeVisible();

    // Dropped on Ganhos: the attendance screen's question; cancelled, the card stays where it was.
    await dragWithMouse(page, open, column(page, 'sales'));
    const won = page.getByRole('dialog', { name: 'Marcar como ganho' });
    await expect(won.getByText(`Confirma a venda de ${title}?`)).toBeVisible();
    await won.getByRole('button', { name: 'Cancelar' }).click();
    await expect(won).toBeHidden();
    await expect(open).toBeVisible();
    await expect(card(column(page, 'sales'), title)).toHaveCount(0);
    // Dropping is not a click: the board is still there.
    expect(page.url()).toBe(url);

    // Again, with the final value this time.
    await dragWithMouse(page, open, column(page, 'sales'));
    await expect(won.getByLabel('Valor final da venda')).toHaveValue('BRL 1.500,00');
    await won.getByLabel('Valor final da venda').fill('1800');
    await won.getByRole('button', { name: 'Marcar como ganho' }).click();
    await expect(page.getByText('Atendimento marcado como ganho.')).toBeVisible();
    await expect(card(column(page, 'sales'), title).getByTestId('funnel-card-price')).toHaveText('R$ 1.800,00');
    await expect(card(column(page, 'negotiations'), title)).toHaveCount(0);

    await page.reload();
    await expect(card(column(page, 'sales'), title)).toBeVisible();
    await expect(card(column(page, 'sales'), title).getByTestId('attendance-status')).toHaveText('Ganho');
    await expect(card(column(page, 'negotiations'), title)).toHaveCount(0);

    // A sale cannot be dropped on Perdidos (only an open attendance is lost): that column refuses it.
    const sale = card(column(page, 'sales'), title);
    const from = await sale.boundingBox();
    const to = await column(page, 'losses').boundingBox();
    if (!from || !to) throw new Error('card or column not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 15, from.y + from.height / 2 + 15, { steps: 5 });
    await expect(column(page, 'losses')).toHaveAttribute('data-drop', 'blocked');
    await expect(column(page, 'negotiations')).toHaveAttribute('data-drop', 'allowed');
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.up();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(card(column(page, 'sales'), title)).toBeVisible();
  });

  test('by keyboard: a card is moved to Perdidos with the reason of the loss, then reopened from its menu', async ({ page, request }) => {
    const title = uniqueName('Safári pelo teclado');
    const client = await seed(request, [title]);
    await login(page, DEMO.owner.email);
    await openFunnel(page, client);

    // Space picks the card up from its handle, the arrows choose the column, space drops it.
    const handle = card(column(page, 'negotiations'), title).getByRole('button', { name: `Arrastar atendimento ${title}` });
    await handle.focus();
    await page.keyboard.press('Space');
    // Announced in Portuguese: picked up (then over its own column).
    const announced = (text: string) => page.getByRole('status').filter({ hasText: new RegExp(`Atendimento ${title} ${text}`) });
    await expect(announced('(selecionado, na coluna Em aberto|sobre a coluna Em aberto)')).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(column(page, 'sales')).toHaveAttribute('data-over', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(column(page, 'losses')).toHaveAttribute('data-over', 'true');
    await expect(announced('sobre a coluna Perdidos')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(announced('solto na coluna Perdidos')).toBeAttached();

    const lost = page.getByRole('dialog', { name: 'Marcar como perdido' });
    await expect(lost.getByText(`Deseja marcar ${title} como perdido?`)).toBeVisible();
    await lost.getByLabel('Motivo da perda').fill('Preferiu viajar no ano que vem');
    await lost.getByRole('button', { name: 'Marcar como perdido' }).click();
    await expect(page.getByText('Atendimento marcado como perdido.')).toBeVisible();
    await expect(card(column(page, 'losses'), title)).toBeVisible();
    await expect(card(column(page, 'negotiations'), title)).toHaveCount(0);

    await page.reload();
    const gone = card(column(page, 'losses'), title);
    await expect(gone.getByTestId('attendance-status')).toHaveText('Perdido');

    // The card's menu, reached with Tab after its handle and its link, makes the moves too.
    await gone.getByRole('button', { name: `Arrastar atendimento ${title}` }).focus();
    await page.keyboard.press('Tab');
    await expect(gone.getByRole('link', { name: title })).toBeFocused();
    await page.keyboard.press('Tab');
    const menu = gone.getByRole('button', { name: `Ações do atendimento ${title}` });
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Marcar como ganho' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Reabrir' }).click();
    await expect(page.getByText('Atendimento reaberto.')).toBeVisible();
    await expect(card(column(page, 'negotiations'), title)).toBeVisible();
    await expect(card(column(page, 'losses'), title)).toHaveCount(0);

    // The reason was kept on the attendance.
    await card(column(page, 'negotiations'), title).click();
    await expect(page).toHaveURL(/\/atendimento\/\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('attendance-history')).toContainText('Marcado como perdido');
  });

  test('a column with more cards than a page loads the next one as it scrolls to its end', async ({ page, request }) => {
    test.slow(); // thirteen attendances made first
    const titles = Array.from({ length: 13 }, (_, i) => `Roteiro ${String(i + 1).padStart(2, '0')} ${uniqueName('pág.')}`);
    const client = await seed(request, titles, 10_000);
    await login(page, DEMO.owner.email);
    await openFunnel(page, client);

    const open = column(page, 'negotiations');
    await expect(open.getByTestId('funnel-balance-total')).toHaveText('13 atendimentos');
    await expect(open.getByTestId('funnel-card')).toHaveCount(10);
    await expect(card(open, titles[12] as string)).toBeVisible(); // newest first
    await expect(card(open, titles[0] as string)).toHaveCount(0);
    await expect(open.getByRole('button', { name: 'Carregar mais' })).toBeVisible();
    await expect(page.getByText(/Página \d+ de \d+/)).toHaveCount(0);

    // Only this column scrolls, and its end brings the rest without a click.
    await open.getByTestId('funnel-column-cards').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect(open.getByTestId('funnel-card')).toHaveCount(13);
    await expect(card(open, titles[0] as string)).toBeVisible();
    await expect(open.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);
  });
});
