// Favourite hotels: created with its city picked by keyboard, three photos sent at once, one moved
// by keyboard, another made the cover (the list shows it), one deleted; a fake image is refused.
import { DEMO, login } from './support/app';
import { pngImage, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

/** A 32×24 JPEG (made once with sharp, kept as bytes). */
const JPEG = Buffer.from(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAYACADASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AACTV4AAAAAD/9k=',
  'base64',
);

test.describe('favourite hotels', () => {
  test('a hotel with its city picked by keyboard and three photos: reordered, a new cover shown in the list, one deleted', async ({
    page,
  }) => {
    test.slow(); // uploads and several round trips
    const name = uniqueName('Pousada Serra Azul');
    await login(page, DEMO.colaborador.email);
    await page.goto('/hoteis');

    await page.getByRole('button', { name: 'Novo hotel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo hotel' });
    await expect(dialog.getByLabel('Nome do hotel')).toBeFocused();
    await dialog.getByLabel('Nome do hotel').fill(name);
    // The city by keyboard: Tab to the picker, type, Enter takes the first match.
    await page.keyboard.press('Tab');
    const city = dialog.getByRole('textbox', { name: 'Cidade', exact: true });
    await expect(city).toBeFocused();
    await page.keyboard.type('gramado');
    await expect(page.getByRole('option', { name: 'Gramado · RS' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(city).toHaveValue('Gramado · RS');
    await dialog.getByRole('combobox', { name: 'Estrelas' }).click();
    await page.getByRole('option', { name: '4 estrelas' }).click();
    await dialog.getByRole('button', { name: 'Cadastrar hotel' }).click();

    await expect(page).toHaveURL(/\/hotel\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('hotel-place')).toHaveText('Gramado · RS');
    await expect(page.getByTestId('no-photos')).toBeVisible();

    // Three photos at once: they join in the order picked, the first as the cover.
    await page.getByLabel('Arquivos das fotos').setInputFiles([
      { name: 'fachada.png', mimeType: 'image/png', buffer: pngImage(40, [200, 40, 40]) },
      { name: 'quarto.jpg', mimeType: 'image/jpeg', buffer: JPEG },
      { name: 'piscina.png', mimeType: 'image/png', buffer: pngImage(40, [40, 160, 220]) },
    ]);
    const photos = page.getByTestId('hotel-photo');
    await expect(photos).toHaveCount(3);
    await expect(page.getByTestId('photo-upload')).toHaveCount(0);
    const ids = await photos.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-photo-id')));
    const [fachada, quarto, piscina] = ids as [string, string, string];
    await expect(photos.nth(0).getByTestId('cover-badge')).toBeVisible();
    await expect(page.getByTestId('cover-badge')).toHaveCount(1);

    // The last photo moves before the second, by keyboard; the focus stays on its button.
    await page.getByRole('button', { name: 'Mover foto 3 para antes' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => photos.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-photo-id'))))
      .toEqual([fachada, piscina, quarto]);
    await expect(page.getByRole('button', { name: 'Mover foto 2 para antes' })).toBeFocused();

    // The moved photo becomes the cover.
    await page.getByRole('button', { name: 'Definir foto 2 como capa' }).click();
    await expect(photos.nth(1).getByTestId('cover-badge')).toBeVisible();
    await expect(page.getByTestId('cover-badge')).toHaveCount(1);
    const coverThumb = await photos.nth(1).getByRole('img').getAttribute('src');
    expect(coverThumb).toMatch(/\.thumb\.webp$/);

    // The list shows the new cover's small copy.
    await page.getByRole('link', { name: 'Voltar para hotéis' }).click();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(name.toUpperCase());
    const card = page.getByTestId('hotel-card').filter({ hasText: name });
    await expect(page.getByTestId('hotel-card')).toHaveCount(1);
    await expect(card.getByTestId('hotel-cover')).toHaveAttribute('src', coverThumb as string);
    await expect(card).toContainText('Gramado · RS');
    await expect(card.getByRole('img', { name: '4 estrelas' })).toBeVisible();
    await expect(card).toContainText('3 fotos');

    // One photo deleted, after a confirmation.
    await card.click();
    await expect(photos).toHaveCount(3);
    await page.getByRole('button', { name: 'Excluir foto 3' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir foto' });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(confirm).toBeHidden();
    await expect(photos).toHaveCount(2);
    expect(await photos.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-photo-id')))).toEqual([fachada, piscina]);
    await expect(photos.nth(1).getByTestId('cover-badge')).toBeVisible();

    // Bytes that only claim to be a JPEG are refused, and nothing is added.
    await page
      .getByLabel('Arquivos das fotos')
      .setInputFiles([{ name: 'falsa.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('isto não é uma foto'.repeat(10)) }]);
    await expect(page.getByTestId('photo-upload').getByRole('alert')).toContainText('Formato de imagem não suportado');
    await expect(photos).toHaveCount(2);
  });
});
