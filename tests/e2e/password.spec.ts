import { createUser, linkPath, login, notificationBar, waitForMail } from './support/app';
import { expect, test } from './support/fixtures';

test.describe('password', () => {
  test('forgot password -> e-mail link -> new password -> login with it', async ({ page, request }) => {
    test.slow(); // several password hashes on the server
    const user = await createUser(request);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await expect(page).toHaveURL(/\/recuperar-senha$/);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByText('Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.')).toBeVisible();

    const mail = await waitForMail(request, user.email, /redefinição de senha/);
    const path = linkPath(mail, /\/definir-senha\//);
    await page.goto(path);
    await expect(page).toHaveTitle('Definir nova senha | Agência CRM');

    // Checked on input: minimum length, then the confirmation.
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('curta');
    await expect(page.getByText('Campo incompleto')).toBeVisible();
    const newPassword = 'nova-senha-123';
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill(newPassword);
    await page.getByLabel('Confirme a nova senha').fill('outra-coisa');
    await expect(page.getByText('As senhas não conferem')).toBeVisible();
    await page.getByLabel('Confirme a nova senha').fill(newPassword);
    await page.getByLabel('Confirme a nova senha').press('Enter');

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Senha redefinida com sucesso! Faça login com a nova senha.')).toBeVisible();

    // The old password no longer works; the new one does.
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('E-mail ou senha inválidos');
    await login(page, user.email, newPassword);
    await expect(page.getByTestId('user-name')).toHaveText(user.name);

    // A used link is refused.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.goto(path);
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('mais-uma-senha');
    await page.getByLabel('Confirme a nova senha').fill('mais-uma-senha');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    // Above the fields, with the way out; not in the bar as well.
    await expect(page.getByRole('alert').filter({ hasText: 'Link inválido ou expirado.' })).toContainText('Pedir um novo link');
    await expect(notificationBar(page)).toBeHidden();
  });

  test('profile: edit name and phone, change password', async ({ page, request }) => {
    test.slow(); // several password hashes on the server
    const user = await createUser(request);
    await login(page, user.email, user.password);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Meu perfil' }).click();
    await expect(page).toHaveURL(/\/perfil$/);

    const newName = `${user.name} Editado`;
    await page.getByLabel('Nome').fill(newName);
    // The phone reads like every phone of the app once the field is left.
    await page.getByLabel('Telefone').fill('11912345678');
    await page.getByLabel('Telefone').blur();
    await expect(page.getByLabel('Telefone')).toHaveValue('(11) 91234-5678');
    await page.getByRole('button', { name: 'Salvar dados' }).click();
    await expect(page.getByText('Seus dados foram atualizados.')).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveText(newName);

    // Wrong current password: on its field only, named by its label.
    await page.getByLabel('Senha atual').fill('nao-e-essa');
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('troca-de-senha-1');
    await page.getByLabel('Confirme a nova senha').fill('troca-de-senha-1');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('Senha atual está incorreta', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Senha atual')).toBeFocused();
    await expect(notificationBar(page)).toBeHidden();

    await page.getByLabel('Senha atual').fill(user.password);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Nome')).toHaveValue(newName);
    await expect(page.getByLabel('Telefone')).toHaveValue('(11) 91234-5678');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await login(page, user.email, 'troca-de-senha-1');
  });
});
