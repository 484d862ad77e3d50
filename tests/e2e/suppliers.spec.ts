import { randomInt, randomUUID } from 'node:crypto';
import { DEMO, login } from './support/app';
import { expect, test } from './support/fixtures';
import { KNOWN_POSTAL_CODE } from './support/postal-code-server';

/** A random CNPJ with correct check digits, as digits. */
function validCnpj(): string {
  const check = (digits: number[]) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = digits.reduce((acc, d, i) => acc + d * (weights[i] as number), 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const base = [...Array.from({ length: 8 }, () => randomInt(10)), 0, 0, 0, 1];
  const first = check(base);
  return [...base, first, check([...base, first])].join('');
}
const maskCnpj = (d: string) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;

test.describe('suppliers', () => {
  test('created with a CNPJ, Pix, a contact and two service types; found without accents; tabs in the address; edited; enabled as a client', async ({
    page,
  }) => {
    test.slow(); // a long form, an edit and the client it becomes
    const suffix = randomUUID().slice(0, 8);
    const name = `Pousada São José ${suffix}`;
    const cnpj = validCnpj();
    await login(page, DEMO.owner.email);

    await page.goto('/fornecedores');
    await page.getByRole('button', { name: 'Novo fornecedor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo fornecedor' });
    // A company by default: razão social and CNPJ.
    await expect(dialog.getByLabel('Razão social')).toBeFocused();
    await dialog.getByLabel('Razão social').fill(name);
    await dialog.getByLabel('CNPJ', { exact: true }).fill(cnpj);
    await expect(dialog.getByLabel('CNPJ', { exact: true })).toHaveValue(maskCnpj(cnpj));
    await dialog.getByLabel('Nome fantasia').fill(`Pousada SJ ${suffix}`);

    // No service type: the form says so and sends nothing.
    await dialog.getByRole('button', { name: 'Cadastrar fornecedor' }).click();
    await expect(dialog.getByText('Informe ao menos um tipo de serviço')).toBeVisible();
    await dialog.getByText('Hospedagem', { exact: true }).click();
    await dialog.getByText('Aéreo', { exact: true }).click();
    await expect(dialog.getByText('Informe ao menos um tipo de serviço')).toHaveCount(0);

    await dialog.getByLabel('E-mail', { exact: true }).first().fill(`reservas-${suffix}@pousada.test`);
    await dialog.getByLabel('Comissão padrão').fill('12,5');

    // The address comes from the CEP.
    await dialog.getByLabel('CEP', { exact: true }).fill(KNOWN_POSTAL_CODE.cep);
    await expect(dialog.getByLabel('Logradouro')).toHaveValue(KNOWN_POSTAL_CODE.logradouro);
    await expect(dialog.getByLabel('Número')).toBeFocused();
    await dialog.getByLabel('Número').fill('100');

    // A Pix key must be of its type: an e-mail is not a CNPJ.
    await dialog.getByRole('combobox', { name: 'Tipo da chave Pix' }).click();
    await page.getByRole('option', { name: 'CNPJ' }).click();
    const pixKey = dialog.getByRole('textbox', { name: 'Chave Pix', exact: true });
    await pixKey.fill(`Financeiro-${suffix}@Pousada.test`);
    await expect(dialog.getByText('Chave Pix não é uma chave Pix válida para o tipo escolhido')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Tipo da chave Pix' }).click();
    await page.getByRole('option', { name: 'E-mail' }).click();
    await expect(dialog.getByText('Chave Pix não é uma chave Pix válida para o tipo escolhido')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Adicionar contato' }).click();
    const contact = dialog.getByRole('group', { name: 'Contato 1', exact: true });
    await expect(contact.getByLabel('Nome')).toBeFocused();
    await contact.getByLabel('Nome').fill('Marta Lima');
    await contact.getByLabel('Função').fill('Reservas');

    await dialog.getByRole('button', { name: 'Cadastrar fornecedor' }).click();
    await expect(page.getByText('Fornecedor cadastrado.')).toBeVisible();
    // The detail opens on the first of its types (in their order: Aéreo, then Hospedagem).
    await expect(page).toHaveURL(/\/fornecedor\/\d+\/aereo$/);
    const id = Number(page.url().split('/').at(-2));
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('supplier-document')).toHaveText(`CNPJ ${maskCnpj(cnpj)}`);
    await expect(page.getByTestId('supplier-status')).toHaveText('Ativo');
    // The key as the Pix directory keeps it.
    await expect(page.getByTestId('supplier-pix')).toHaveText(`financeiro-${suffix}@pousada.test`);
    await expect(page.getByTestId('supplier-contact')).toHaveText(['Marta Lima (Reservas)']);
    await expect(page.getByText('12,5%')).toBeVisible();

    // Found from the list by a search without accents, kept in the address.
    await page.goto('/fornecedores');
    await page.getByLabel('Buscar').fill(`pousada sao jose ${suffix}`);
    await expect(page).toHaveURL(/busca=pousada/);
    const rows = page.getByTestId('supplier-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(name);
    await rows.first().getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/fornecedor/${id}/aereo$`));

    // The open tab is the address's type; switching tabs changes it.
    await expect(page.getByRole('tab', { name: 'Aéreo' })).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByText('As passagens aéreas vendidas com este fornecedor aparecerão aqui quando houver orçamentos.'),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Hospedagem' }).click();
    await expect(page).toHaveURL(new RegExp(`/fornecedor/${id}/hospedagem$`));
    await expect(page.getByText('As hospedagens vendidas com este fornecedor aparecerão aqui quando houver orçamentos.')).toBeVisible();
    // An unknown type opens the first tab.
    await page.goto(`/fornecedor/${id}/trem`);
    await expect(page).toHaveURL(new RegExp(`/fornecedor/${id}/aereo$`));
    await expect(page.getByRole('tab', { name: 'Aéreo' })).toHaveAttribute('aria-selected', 'true');

    // Edit: a new name and a third service type.
    await page.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar fornecedor' });
    await expect(edit.getByLabel('Razão social')).toHaveValue(name);
    await expect(edit.getByRole('textbox', { name: 'Chave Pix', exact: true })).toHaveValue(`financeiro-${suffix}@pousada.test`);
    const renamed = `${name} Resort`;
    await edit.getByLabel('Razão social').fill(renamed);
    await edit.getByText('Receptivo', { exact: true }).click();
    await edit.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Fornecedor atualizado.')).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Receptivo' })).toBeVisible();

    // Deactivated after a confirmation, then active again.
    await page.getByRole('button', { name: 'Desativar' }).click();
    await page.getByRole('dialog', { name: 'Desativar fornecedor' }).getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByTestId('supplier-status')).toHaveText('Inativo');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Ativar' }).click();
    await page.getByRole('dialog', { name: 'Ativar fornecedor' }).getByRole('button', { name: 'Ativar' }).click();
    await expect(page.getByTestId('supplier-status')).toHaveText('Ativo');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Enabled as a client: a client of the agency with its data, linked from the supplier.
    await page.getByRole('button', { name: 'Habilitar como cliente' }).click();
    await page.getByRole('dialog', { name: 'Habilitar como cliente' }).getByRole('button', { name: 'Habilitar' }).click();
    await expect(page.getByText('Fornecedor habilitado como cliente.')).toBeVisible();
    await page.getByRole('link', { name: 'Ver cliente' }).click();
    await expect(page).toHaveURL(/\/clientes-pessoa-interna\/\d+$/);
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
    await expect(page.getByTestId('client-document')).toHaveText(maskCnpj(cnpj));
    await expect(page.getByTestId('client-address')).toContainText(`${KNOWN_POSTAL_CODE.logradouro}, 100`);
  });

  test('the list and the detail work at 360 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login(page, DEMO.owner.email);
    await page.goto('/fornecedores');
    await page.getByRole('button', { name: 'Novo fornecedor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo fornecedor' });
    const name = `Guia Pessoa ${randomUUID().slice(0, 8)}`;
    await dialog.getByText('Pessoa física', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
    await dialog.getByText('Receptivo', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Cadastrar fornecedor' }).click();
    await expect(page).toHaveURL(/\/fornecedor\/\d+\/receptivo$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Habilitar como cliente' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
