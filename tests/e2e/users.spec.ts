import type { Page } from '@playwright/test';
import { createUser, DEMO, linkPath, login, notificationBar, uniqueEmail, waitForMail } from './support/app';
import { expect, test } from './support/fixtures';

/** Types in the search box and waits for the debounced filter to reach the address and the list. */
async function searchUser(page: Page, text: string) {
  await page.getByLabel('Buscar').fill(text);
  await expect(page).toHaveURL((url) => url.searchParams.get('busca') === text);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
}

test.describe('users', () => {
  test('owner creates a user -> registration e-mail -> activation -> the new user logs in', async ({ page, request }) => {
    test.slow(); // several password hashes on the server
    await login(page, DEMO.owner.email);
    await page.getByRole('link', { name: 'Usuários' }).click();
    await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
    await page.getByRole('button', { name: 'Novo usuário' }).click();

    const dialog = page.getByRole('dialog', { name: 'Novo usuário' });
    await expect(dialog).toBeVisible();
    // Rules on submit: every required field.
    await dialog.getByRole('button', { name: 'Cadastrar usuário' }).click();
    await expect(dialog.getByText('Preencha este campo')).toHaveCount(2);
    await dialog.getByLabel('E-mail').fill('invalido@');
    await expect(dialog.getByText('Formato de email inválido')).toBeVisible();

    const email = uniqueEmail('novo');
    const name = `Novo Colaborador ${email.slice(5, 12)}`;
    await dialog.getByLabel('Nome').fill(name);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Telefone').fill('11 99999-0000');
    await dialog.getByRole('combobox', { name: 'Perfil de acesso' }).click();
    await page.getByRole('option', { name: 'Administrador' }).click();
    await dialog.getByLabel('Nome').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Enviamos um e-mail para ${email}`)).toBeVisible();

    // Listed as pending, found by the debounced search.
    await page.getByLabel('Buscar').fill(email);
    await expect(page).toHaveURL(/busca=/);
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(page.getByTestId('user-row')).toContainText('Aguardando confirmação');

    // A second user with the same e-mail: field error from the server.
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    await dialog.getByLabel('Nome').fill('Outro Nome');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Cadastrar usuário' }).click();
    // Once, on the field, named by its label; not in the bar.
    await expect(dialog.getByText('E-mail já está em uso', { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('E-mail')).toBeFocused();
    await expect(notificationBar(page)).toBeHidden();
    // What was typed is dropped only once the agent says so.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('dialog', { name: 'Descartar alterações?' }).getByRole('button', { name: 'Descartar' }).click();
    await expect(dialog).toBeHidden();

    const mail = await waitForMail(request, email, /confirme seu cadastro/i);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();

    await page.goto(linkPath(mail, /activate-user/));
    await expect(page.getByText(`Olá, ${name}! Você foi cadastrado(a) na Agência Demo.`, { exact: false })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    const password = 'senha-nova-1';
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill(password);
    await page.getByLabel('Confirme a nova senha').fill(password);
    await page.getByRole('button', { name: 'Confirmar cadastro' }).click();
    await expect(page.getByText('Cadastro confirmado! Você já pode entrar.')).toBeVisible();

    // The link is spent.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeVisible();

    await login(page, email, password);
    await expect(page.getByTestId('user-name')).toHaveText(name);
  });

  test('a registration can be denied from its e-mail link', async ({ page, request }) => {
    const user = await createUser(request, { activate: false });
    const mail = await waitForMail(request, user.email, /confirme seu cadastro/i);
    await page.goto(linkPath(mail, /deny-user/));
    await expect(page.getByText(user.email)).toBeVisible();
    await page.getByRole('button', { name: 'Recusar cadastro' }).click();
    await expect(page.getByText('Cadastro recusado.')).toBeVisible();
    await page.goto(linkPath(mail, /activate-user/));
    await expect(page.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeVisible();
  });

  test('deactivate with confirmation, then reactivate', async ({ page, request }) => {
    const user = await createUser(request);
    await login(page, DEMO.owner.email);
    await page.goto(`/usuario-view/${user.id}`);
    await expect(page.getByRole('heading', { name: user.name })).toBeVisible();

    await page.getByRole('button', { name: 'Desativar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desativar usuário' });
    await expect(dialog).toContainText(user.name);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Ativo', { exact: true }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Desativar' }).click();
    await dialog.getByRole('button', { name: 'Desativar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Usuário desativado.')).toBeVisible();
    await expect(page.getByText('Inativo', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Desativar' })).toHaveCount(0);

    // The inactive user can't log in.
    const res = await request.post('/api/login', { data: { email: user.email, password: user.password } });
    expect(res.status()).toBe(401);

    await page.getByRole('button', { name: 'Reativar' }).click();
    await expect(page.getByText('Usuário reativado.')).toBeVisible();
    await expect(page.getByText('Ativo', { exact: true }).first()).toBeVisible();
    const again = await request.post('/api/login', { data: { email: user.email, password: user.password } });
    expect(again.ok()).toBeTruthy();
  });

  test('the owner edits a user; nobody is offered to deactivate themself', async ({ page, request }) => {
    const user = await createUser(request);
    await login(page, DEMO.owner.email);
    await page.goto(`/usuario-view/${user.id}`);
    await page.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar usuário' });
    await expect(dialog.getByLabel('E-mail')).toHaveValue(user.email);
    await dialog.getByLabel('Nome').fill('A');
    await expect(dialog.getByText('O campo Nome deve ter no mínimo 2 e no máximo 120 caracteres')).toBeVisible();
    await dialog.getByLabel('Nome').fill(`${user.name} Silva`);
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: `${user.name} Silva` })).toBeVisible();

    // Own page: edit yes, deactivate no.
    await page.goto('/usuarios');
    await searchUser(page, DEMO.owner.email);
    await page.getByRole('link', { name: DEMO.owner.name }).click();
    await expect(page.getByRole('heading', { name: DEMO.owner.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Desativar' })).toHaveCount(0);
  });

  test('administrador: manages staff but no owner, and cannot grant the owner role', async ({ page }) => {
    await login(page, DEMO.admin.email);
    await page.goto('/usuarios');
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo usuário' });
    await dialog.getByRole('combobox', { name: 'Perfil de acesso' }).click();
    await expect(page.getByRole('option', { name: 'Colaborador' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Administrador' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Proprietário' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await searchUser(page, DEMO.owner.email);
    await page.getByRole('link', { name: DEMO.owner.name }).click();
    await expect(page.getByRole('heading', { name: DEMO.owner.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Desativar' })).toHaveCount(0);

    await page.goto('/usuarios');
    await searchUser(page, DEMO.colaborador.email);
    await page.getByRole('link', { name: DEMO.colaborador.name }).click();
    await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Desativar' })).toBeVisible();
  });

  test('colaborador sees the users but no create or edit buttons', async ({ page }) => {
    await login(page, DEMO.colaborador.email);
    await page.getByRole('link', { name: 'Usuários' }).click();
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Novo usuário' })).toHaveCount(0);
    await page.getByTestId('user-row').filter({ hasText: DEMO.admin.name }).getByRole('link').click();
    await expect(page.getByRole('heading', { name: DEMO.admin.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Desativar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reativar' })).toHaveCount(0);
  });

  test('list: status filter, empty state and pagination', async ({ page, request }) => {
    await createUser(request, { activate: false });
    await login(page, DEMO.owner.email);
    await page.goto('/usuarios');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Aguardando confirmação' }).click();
    await expect(page).toHaveURL(/status=pending/);
    await expect(page.getByTestId('user-row').first()).toContainText('Aguardando confirmação');
    for (const row of await page.getByTestId('user-row').all()) await expect(row).toContainText('Aguardando confirmação');

    await page.getByLabel('Buscar').fill('ninguem-tem-este-nome');
    await expect(page.getByText('Nenhum usuário encontrado')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(page.getByTestId('user-row').first()).toBeVisible();

    // Enough users for a second page of 10.
    const total = Number((await page.getByText(/\d+ usuários · página/).textContent())?.match(/(\d+) usuários/)?.[1]);
    for (let i = total; i <= 10; i++) await createUser(request, { activate: false });
    await page.reload();
    await page.getByRole('button', { name: 'Página 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/página 2 de \d+/)).toBeVisible();
    await expect(page.getByTestId('user-row').first()).toBeVisible();
  });

  test('a user of another agency is not found', async ({ page, request }) => {
    const user = await createUser(request);
    await login(page, DEMO.outraOwner.email);
    await page.goto(`/usuario-view/${user.id}`);
    await expect(page.getByText('Usuário não encontrado')).toBeVisible();
    await expect(notificationBar(page)).toHaveText(/Erro 404 - Não encontrado/);
    await expect(page.getByTestId('user-name')).toHaveText(DEMO.outraOwner.name);
  });
});
