// The parameterization screens: in each, an agency creates a row of one of its lists, finds it by
// searching without accents and deactivates it; system rows are read-only for it. super_admin
// edits a system row (and puts it back).
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO, login } from './support/app';
import { expect, test } from './support/fixtures';

/** Per screen: the tab (its position) and its labels: the new button, the name input, a parent to pick. */
const SCREENS = [
  { path: '/hospedagem/1', tab: 'Regimes de alimentação', button: 'Novo regime de alimentação', name: 'Nome' },
  { path: '/aereo/4', tab: 'Tipos de bagagem', button: 'Novo tipo de bagagem', name: 'Nome' },
  {
    path: '/localidade/3',
    tab: 'Estados',
    button: 'Novo estado',
    name: 'Nome',
    parent: { label: 'País', search: 'brasil', option: 'BR · Brasil · América do Sul', current: 'BR · Brasil' },
  },
  { path: '/locacao/2', tab: 'Locadoras', button: 'Nova locadora', name: 'Nome' },
  { path: '/cruzeiro/2', tab: 'Companhias de cruzeiro', button: 'Nova companhia de cruzeiro', name: 'Nome' },
  { path: '/checklist/2', tab: 'Produtos do checklist', button: 'Novo produto do checklist', name: 'Nome' },
  { path: '/financeiro/1', tab: 'Bandeiras de cartão', button: 'Nova bandeira de cartão', name: 'Bandeira' },
] as const;

const rows = (page: Page) => page.getByTestId('reference-row');

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(text);
  await expect(page).toHaveURL((url) => url.searchParams.get('busca') === text);
}

test.describe('parameterization', () => {
  test('in each screen an agency creates, finds (accent-blind) and deactivates a row', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, DEMO.owner.email);
    for (const s of SCREENS) {
      const tag = randomUUID().slice(0, 6);
      const name = `Pássaro Açaí ${tag}`;
      await page.goto(s.path);
      await expect(page.getByRole('tab', { name: s.tab })).toHaveAttribute('aria-selected', 'true');

      await page.getByRole('button', { name: s.button }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(s.name).fill(name);
      if ('parent' in s) {
        // The picker: typing, then Enter takes the first match.
        const picker = dialog.getByLabel(s.parent.label);
        await picker.fill(s.parent.search);
        await expect(page.getByRole('option', { name: s.parent.option })).toBeVisible();
        await picker.press('Enter');
        await expect(picker).toHaveValue(s.parent.option);
      }
      await dialog.getByRole('button', { name: 'Cadastrar' }).click();
      await expect(dialog).toBeHidden();

      await searchFor(page, `passaro acai ${tag}`);
      const row = rows(page).filter({ hasText: name });
      await expect(rows(page)).toHaveCount(1);
      await expect(row).toContainText('Ativo');
      if ('parent' in s) {
        await expect(row).toContainText('Brasil');
        // The edit form shows the chosen parent.
        await row.getByRole('button', { name: `Editar ${name}` }).click();
        await expect(page.getByRole('dialog').getByLabel(s.parent.label)).toHaveValue(s.parent.current);
        await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
        await expect(page.getByRole('dialog')).toBeHidden();
      }

      await row.getByRole('button', { name: `Desativar ${name}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Desativar' }).click();
      await expect(row).toContainText('Inativo');
      await expect(row.getByRole('button', { name: `Ativar ${name}` })).toBeVisible();
    }
  });

  test('the navigation opens each screen; system rows are read-only for an agency', async ({ page }) => {
    await login(page, DEMO.colaborador.email);
    await page.getByRole('link', { name: 'Aéreo' }).click();
    await expect(page).toHaveURL(/\/aereo\/1$/);
    await expect(page.getByRole('tab', { name: 'Aeroportos' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Companhias aéreas' }).click();
    await expect(page).toHaveURL(/\/aereo\/2$/);
    // The IATA code of a real airline finds it; nothing else says so in the list's own gender.
    await searchFor(page, 'g3');
    await expect(rows(page).filter({ hasText: 'G3' }).filter({ hasText: 'GOL' })).toHaveCount(1);
    await searchFor(page, 'zzqqxx');
    await expect(page.getByText('Nenhuma companhia aérea encontrada')).toBeVisible();
    // An unknown tab opens the first one.
    await page.goto('/financeiro/99');
    await expect(page).toHaveURL(/\/financeiro\/1$/);

    await searchFor(page, 'visa');
    const visa = rows(page).filter({ hasText: 'Visa' }).first();
    await expect(visa).toContainText('Sistema');
    await expect(visa.getByRole('button')).toHaveCount(0);
  });

  test('super_admin edits a system row and puts it back', async ({ page }) => {
    await login(page, DEMO.superAdmin.email);
    await page.goto('/financeiro/1');
    await searchFor(page, 'hipercard');
    const original = 'Hipercard';
    const edited = `${original} (editada)`;
    await expect(rows(page).filter({ hasText: 'Sistema' })).toHaveCount(1);

    for (const [from, to] of [
      [original, edited],
      [edited, original],
    ] as const) {
      await page.getByRole('button', { name: `Editar ${from}`, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Bandeira').fill(to);
      await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
      await expect(dialog).toBeHidden();
      await expect(rows(page).first()).toContainText(to);
    }
    await expect(rows(page).first()).not.toContainText(edited);
  });
});
