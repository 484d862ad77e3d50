import { apiToken, DEMO, login } from './support/app';
import { apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

// A native date input follows the browser's language (mm/dd/yyyy in English); the app's date
// fields are DD/MM/YYYY whatever it is.
test.use({ locale: 'en-US' });

test('a date field shows and takes DD/MM/YYYY in an English browser; the API gets the ISO date', async ({ page, request }) => {
  const token = await apiToken(request, DEMO.owner.email);
  const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Datas') });
  await login(page, DEMO.owner.email);
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');

  await page.goto(`/atendimento-leader?cliente=${client.id}`);
  await page.getByLabel('Título').fill(uniqueName('Viagem de março'));
  // 05/03 is the 5th of March: read as mm/dd it would be the 3rd of May.
  const start = page.getByLabel('Início da viagem');
  await start.fill('05/03/2031');
  await start.press('Tab');
  await expect(start).toHaveValue('05/03/2031');
  // A day the calendar lacks is not taken: the field keeps what it had.
  const end = page.getByLabel('Fim da viagem');
  await end.fill('31/02/2031');
  await end.press('Tab');
  await expect(end).toHaveValue('');
  await end.fill('20/03/2031');
  await end.press('Tab');
  await expect(end).toHaveValue('20/03/2031');

  await page.getByRole('button', { name: 'Cadastrar atendimento' }).click();
  await expect(page).toHaveURL(/\/atendimento\/\d+$/);
  await expect(page.getByTestId('consolidated-summary').getByText('05/03/2031 a 20/03/2031')).toBeVisible();
  const id = Number(page.url().split('/').pop());
  const saved = await request.get(`/api/attendances/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(await saved.json()).toMatchObject({ start_date: '2031-03-05', end_date: '2031-03-20' });

  // Edited again: the stored dates come back as DD/MM/YYYY.
  await page.goto(`/atendimento-leader/${id}`);
  await expect(page.getByLabel('Início da viagem')).toHaveValue('05/03/2031');
  await expect(page.getByLabel('Fim da viagem')).toHaveValue('20/03/2031');
});
