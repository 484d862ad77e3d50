import { maskDocumentNumber } from '@app/shared/document-numbers';
import type { Locator } from '@playwright/test';
import { apiToken, DEMO, login, notificationBar } from './support/app';
import { apiClientLists, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

/** 'YYYY-MM-DD' some days from now, and how the screens show and take it. */
function daysFromNow(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  const [year, month, day] = [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')];
  return { iso: `${year}-${month}-${day}`, shown: `${day}/${month}/${year}` };
}

const row = (dialog: Locator, name: string) => dialog.getByRole('group', { name, exact: true });

test.describe('client contacts and documents', () => {
  test('created with the client, shown on the detail, edited as lists; a bad contact e-mail saves nothing', async ({ page, request }) => {
    test.slow(); // two forms, two saves and a refused one
    const token = await apiToken(request, DEMO.owner.email);
    await login(page, DEMO.owner.email);

    // A new client with one contact and one passport.
    await page.goto('/clientes');
    await page.getByRole('button', { name: 'Novo cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
    const name = uniqueName('Cliente Contatos');
    await dialog.getByLabel('Nome').fill(name);
    await expect(dialog.getByText('Nenhum contato.', { exact: false })).toBeVisible();

    await dialog.getByRole('button', { name: 'Adicionar contato' }).click();
    const contact1 = row(dialog, 'Contato 1');
    await expect(contact1.getByLabel('Nome')).toBeFocused();
    await contact1.getByLabel('Nome').fill('Carlos Souza');
    await contact1.getByLabel('Telefone').fill('11987654321');
    await contact1.getByLabel('E-mail').fill('carlos@souza.test');
    await contact1.getByLabel('Relação').fill('Cônjuge');
    await contact1.getByLabel('Relação').press('Tab');
    await expect(contact1.getByLabel('Telefone')).toHaveValue('(11) 98765-4321'); // formatted on blur

    await dialog.getByRole('button', { name: 'Adicionar documento' }).click();
    const document1 = row(dialog, 'Documento 1');
    await expect(document1.getByLabel('Tipo')).toHaveValue('passport');
    await document1.getByLabel('Número').fill('FX123456');
    // Travel agents are warned about expired passports and those valid for under 6 months.
    await document1.getByLabel('Validade').fill(daysFromNow(-10).shown);
    await expect(document1.getByText('Documento vencido.')).toBeVisible();
    const expiry = daysFromNow(90);
    await document1.getByLabel('Validade').fill(expiry.shown);
    await expect(document1.getByText('Passaporte com menos de 6 meses de validade', { exact: false })).toBeVisible();
    // Expiry before issue: the row says so and nothing is sent until fixed.
    await document1.getByLabel('Emissão').fill(daysFromNow(100).shown);
    await expect(document1.getByText('Deve ser igual ou posterior à data de emissão')).toBeVisible();
    await document1.getByLabel('Emissão').fill(daysFromNow(-3560).shown);
    await expect(document1.getByText('Deve ser igual ou posterior à data de emissão')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Cadastrar cliente' }).click();
    await expect(page).toHaveURL(/\/clientes-pessoa-interna\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const id = Number(page.url().split('/').pop());
    await expect(page.getByTestId('client-contact')).toHaveText(['Carlos Souza (Cônjuge) · carlos@souza.test · (11) 98765-4321']);
    await expect(page.getByTestId('client-travel-document')).toHaveText([
      `Passaporte ${maskDocumentNumber('FX123456')} Mostrar · validade ${expiry.shown}`,
    ]);
    await expect(page.getByText('Vence em menos de 6 meses', { exact: true })).toBeVisible();

    // Edit: change the contact, add a second one, remove the document.
    await page.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar cliente' });
    await expect(row(edit, 'Contato 1').getByLabel('Nome')).toHaveValue('Carlos Souza');
    await expect(row(edit, 'Documento 1').getByLabel('Número')).toHaveValue(maskDocumentNumber('FX123456'));
    await row(edit, 'Contato 1').getByLabel('Nome').fill('Carlos A. Souza');
    await row(edit, 'Contato 1').getByLabel('E-mail').fill('carlos.souza@souza.test');
    await edit.getByRole('button', { name: 'Adicionar contato' }).click();
    const contact2 = row(edit, 'Contato 2');
    await contact2.getByLabel('Nome').fill('Marina Souza');
    await contact2.getByLabel('Telefone').fill('+351 912 345 678');
    await edit.getByRole('button', { name: 'Remover documento 1' }).click();
    await expect(row(edit, 'Documento 1')).toHaveCount(0);
    await expect(edit.getByRole('button', { name: 'Adicionar documento' })).toBeFocused();
    // A row added and left blank is dropped on save.
    await edit.getByRole('button', { name: 'Adicionar documento' }).click();
    await expect(row(edit, 'Documento 1')).toBeVisible();

    // A bad e-mail in a contact: the form's message on that field, and nothing is sent.
    const email2 = contact2.getByLabel('E-mail');
    await email2.fill('marina@');
    await expect(contact2.getByText('Formato de email inválido')).toBeVisible();
    await edit.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(email2).toBeFocused();
    await expect(edit).toBeVisible();
    // One the server refuses: its message on the contact's field, not on the client's own e-mail.
    // The form checks what the API checks, so the address is spoiled on its way to the server.
    await email2.fill('marina@souza.test');
    await expect(contact2.getByText('Formato de email inválido')).toHaveCount(0);
    await page.route(
      '**/trpc/clients.update**',
      async (route) => {
        const input = route.request().postDataJSON();
        input.contacts[1].email = 'marina@souza.c';
        await route.continue({ postData: JSON.stringify(input) });
      },
      { times: 1 },
    );
    await edit.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(contact2.getByText('Formato do endereço de e-mail inválido')).toBeVisible();
    await expect(email2).toBeFocused();
    // Once, on the row's field: not in the bar as well.
    await expect(edit.getByText('Formato do endereço de e-mail inválido')).toHaveCount(1);
    await expect(notificationBar(page)).toBeHidden();
    expect(await apiClientLists(request, token, id)).toEqual({
      contacts: [{ name: 'Carlos Souza', relationship: 'Cônjuge', phone: '(11) 98765-4321', email: 'carlos@souza.test' }],
      documents: [
        { type: 'passport', number: maskDocumentNumber('FX123456'), country: null, issued_at: daysFromNow(-3560).iso, expires_at: expiry.iso },
      ],
    });

    await email2.fill('marina@souza.test');
    await edit.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Cliente atualizado.')).toBeVisible();
    await expect(edit).toHaveCount(0);
    const expected = [
      'Carlos A. Souza (Cônjuge) · carlos.souza@souza.test · (11) 98765-4321',
      'Marina Souza · marina@souza.test · +351 912 345 678',
    ];
    await expect(page.getByTestId('client-contact')).toHaveText(expected);
    await expect(page.getByText('Nenhum documento.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('client-contact')).toHaveText(expected);
    await expect(page.getByTestId('client-travel-document')).toHaveCount(0);
    await expect(page.getByText('Nenhum documento.')).toBeVisible();
  });
});
