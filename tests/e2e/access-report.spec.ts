import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO, login } from './support/app';
import { expect, test } from './support/fixtures';

/** The beacon the route change sends: answered 204 once stored. */
const beaconSent = (page: Page) =>
  page.waitForResponse((res) => new URL(res.url()).pathname === '/api/access-logs' && res.request().method() === 'POST');

test('the owner spends time on screens and sees them in the access report, and in its CSV', async ({ page }) => {
  await login(page, DEMO.owner.email);
  // The clock starts when the signed-in layout mounts, which can come seconds after the address
  // changed (its chunk still loading on a busy machine): from there, over the 3 s minimum on the
  // home screen, then a route change sends it.
  await expect(page.getByTestId('user-name')).toHaveText(DEMO.owner.name);
  await page.waitForTimeout(3500);
  let sent = beaconSent(page);
  await page.getByRole('link', { name: 'Clientes', exact: true }).click();
  await expect(page).toHaveURL(/\/clientes$/);
  const home = await sent;
  expect(home.status()).toBe(204);
  expect(home.request().headers().authorization).toMatch(/^Bearer /);
  const form = new URLSearchParams(home.request().postData() ?? '');
  expect(form.get('access_log[controller]')).toBe('home');
  expect(Number(form.get('access_log[active_time]'))).toBeGreaterThanOrEqual(3);

  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
  await page.waitForTimeout(3500);
  sent = beaconSent(page);
  await page.getByRole('link', { name: 'Relatório de acessos' }).click();
  expect((await sent).status()).toBe(204);
  // The report's first read may have left before the beacon of Clientes was stored: read it again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Relatório de acessos' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Acessos por usuário e tela' });
  for (const screen of ['Atendimentos (início)', 'Clientes']) {
    await expect(table.getByRole('row').filter({ hasText: DEMO.owner.name }).filter({ hasText: screen }).first()).toBeVisible();
  }
  await expect(page.getByRole('img', { name: /Tempo ativo por dia/ })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^relatorio-de-acessos-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path()) as string, 'utf8');
  expect(csv.startsWith('\uFEFFUsuário;Tela;Caminho;Tempo ativo;Tempo ativo (segundos);Visitas;Último acesso\r\n')).toBe(true);
  const lines = csv.split('\r\n');
  expect(lines.some((line) => line.startsWith(`${DEMO.owner.name};Clientes;/clientes;`))).toBe(true);
  expect(lines.some((line) => line.startsWith(`${DEMO.owner.name};Atendimentos (início);/;`))).toBe(true);
});

test('a colaborador has no access report: no menu entry, and the address sends back home', async ({ page }) => {
  await login(page, DEMO.colaborador.email);
  await expect(page.getByRole('link', { name: 'Clientes', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Relatório de acessos' })).toHaveCount(0);
  await page.goto('/relatorio-de-acessos');
  await expect(page).toHaveURL((url) => url.pathname === '/');
});
