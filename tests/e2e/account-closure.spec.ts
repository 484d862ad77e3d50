// Closing the agency's account from Meu perfil: the owner must type the agency's name, sees the day
// the data will be deleted, is told by e-mail, and can cancel with nothing lost.
import { login, waitForMail } from './support/app';
import { createAgency } from './support/billing';
import { expect, test } from './support/fixtures';

test('the owner schedules the account’s closure by typing the agency’s name, then cancels it', async ({ page, request }) => {
  const agency = await createAgency(request);
  await login(page, agency.owner.email, agency.owner.password);
  await page.goto('/perfil');
  const card = page.getByRole('region', { name: 'Encerrar conta' });
  await card.getByRole('button', { name: 'Encerrar conta…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Encerrar a conta da agência?' });
  const name = dialog.getByLabel(`Digite o nome da agência (${agency.name}) para confirmar`);
  await expect(name).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Encerrar conta' })).toBeDisabled();
  await name.fill('Outra agência qualquer');
  await dialog.getByRole('button', { name: 'Encerrar conta' }).click();
  await expect(dialog.getByText('Digite o nome da agência exatamente como aparece', { exact: false })).toBeVisible();

  await name.fill(agency.name);
  await name.press('Enter');
  await expect(page.getByText('Encerramento agendado. Você pode cancelar até a data marcada.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(/Encerramento agendado para \d+ de \p{L}+ de \d{4}/u)).toBeVisible();
  const mail = await waitForMail(request, agency.owner.email, /encerramento da conta .* agendado/);
  expect(mail.text).toContain('serão excluídos definitivamente');

  await card.getByRole('button', { name: 'Cancelar encerramento' }).click();
  await expect(page.getByText('Encerramento cancelado: a conta continua ativa.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Encerrar conta…' })).toBeVisible();
  await waitForMail(request, agency.owner.email, /encerramento da conta .* cancelado/);
  // The agency works as before.
  await page.goto('/clientes');
  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
});
