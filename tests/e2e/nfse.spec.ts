// The NFS-e of a sale, against the national issuer faked at the network boundary (support/nfse-national.ts,
// HTTPS with mTLS): the owner fills the agency's fiscal settings with its A1 certificate; on the
// closed sale "Emitir NFS-e" shows what it would send, then authorizes the note, whose DANFSe
// opens as a PDF; while it is authorized "Desfazer venda" says so and offers the cancellation; "Cancelar NFS-e" with a reason
// and a justification cancels it at the authority, and then the sale is undone. A cancellation the
// authority refuses, or does not answer, says why on the card and is sent again. Turned on, the
// agency's note is issued on its own once the sale is received in full. "Substituir NFS-e" issues
// a new note naming the old one, which is then listed as substituted.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { login } from './support/app';
import { seedBudget } from './support/budget-seed';
import { expect, test } from './support/fixtures';
import { nfseCertificate, nfseNationalNext } from './support/nfse-national';
import { pdfText } from './support/pdf-text';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The seeded budget sold through the API (its Lisboa option): the journey starts on the closed sale. */
async function soldBudget(request: APIRequestContext) {
  const seeded = await seedBudget(request);
  const { budgetId, token } = seeded;
  const sent = await request.patch(`/api/budgets/${budgetId}`, { headers: auth(token), data: { status: 'sent' } });
  expect(sent.ok(), `mark sent: ${await sent.text()}`).toBeTruthy();
  const sold = await request.put(`/api/budgets/sell/${budgetId}`, { headers: auth(token), data: { proposal_id: seeded.lisboa.id } });
  expect(sold.ok(), `sell: ${sold.status()} ${await sold.text()}`).toBeTruthy();
  return { ...seeded, saleId: ((await sold.json()) as { sale: { id: number } }).sale.id };
}

/** The agency's fiscal settings with its A1 certificate, saved through the API (on the whole sale, issued by hand unless said). */
async function saveFiscalSettings(request: APIRequestContext, token: string, extra: { auto_issue?: boolean } = {}) {
  const certificate = await nfseCertificate();
  const saved = await request.put('/api/nfse/settings', {
    headers: auth(token),
    data: {
      cnpj: certificate.cnpj,
      municipal_registration: '1234567',
      city_code: '3550308',
      tax_regime: 'simples_nacional',
      service_code: '090201',
      service_description: 'Agenciamento de turismo',
      iss_rate_basis_points: 500,
      basis: 'venda',
      environment: 'homologacao',
      certificate_pfx_base64: readFileSync(certificate.file).toString('base64'),
      certificate_password: certificate.password,
      ...extra,
    },
  });
  expect(saved.ok(), `fiscal settings: ${saved.status()} ${await saved.text()}`).toBeTruthy();
}

/** The fiscal settings saved and the sale's note issued through the API, once authorized: the journey starts from there. */
async function authorizedNote(request: APIRequestContext, token: string, saleId: number): Promise<string> {
  await saveFiscalSettings(request, token);
  const issued = await request.post(`/api/sales/${saleId}/nfse`, { headers: auth(token) });
  expect(issued.ok(), `issue: ${issued.status()} ${await issued.text()}`).toBeTruthy();
  let number: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/sales/${saleId}/nfse`, { headers: auth(token) });
        const { note } = (await res.json()) as { note: { status: string; number: string | null } };
        number = note.number;
        return note.status;
      },
      { timeout: 30_000 },
    )
    .toBe('authorized');
  return number ?? '';
}

/** A new agency's sale with its note authorized through the API, its owner signed in on the closed sale's page. */
async function onAuthorizedSale(page: Page, request: APIRequestContext) {
  const { agency, budgetId, token, saleId } = await soldBudget(request);
  const number = await authorizedNote(request, token, saleId);
  await login(page, agency.owner.email, agency.owner.password);
  await page.goto(`/venda-fechada/${budgetId}`);
  const card = page.getByTestId('sale-nfse');
  await expect(card.getByTestId('nfse-number')).toHaveText(`NFS-e nº ${number}`);
  return { card, number };
}

test.describe('NFS-e', () => {
  // An authority left out of service by a failed journey would fail the next one too.
  test.afterEach(() => nfseNationalNext({ unavailable: 0 }));

  test('fiscal settings, issue, DANFSe, cancel, undo the sale', async ({ page, request }) => {
    test.setTimeout(180_000);
    const certificate = await nfseCertificate();
    // A new agency of its own (trialing the paid plan, which has nfse): its fiscal settings and DPS numbers are only the test's.
    const { agency, budgetId } = await soldBudget(request);
    await login(page, agency.owner.email, agency.owner.password);

    // ---- Fiscal settings, on the owner's profile: the A1 certificate uploaded with its password.
    await page.goto('/perfil');
    const settings = page.getByTestId('nfse-settings');
    await expect(settings.getByTestId('nfse-certificate')).toContainText('Nenhum certificado A1 enviado');
    await settings.getByLabel('CNPJ').fill(certificate.cnpj);
    await settings.getByLabel('Inscrição municipal').fill('1234567');
    await settings.getByLabel('Município (código IBGE)').fill('3550308');
    await settings.getByRole('combobox', { name: 'Regime tributário' }).click();
    await page.getByRole('option', { name: 'Simples Nacional' }).click();
    await expect(settings.getByLabel('Código de tributação nacional')).toHaveValue('090201');
    await settings.getByLabel('Alíquota do ISS (%)').fill('5');
    // On the whole sale: the seeded option's earnings are not what this journey is about.
    await settings.getByRole('combobox', { name: 'A NFS-e é sobre' }).click();
    await page.getByRole('option', { name: 'Venda (valor total da venda)' }).click();
    await expect(settings.getByRole('combobox', { name: 'Ambiente' })).toHaveValue('Homologação (testes, sem valor fiscal)');
    await settings.locator('input[type="file"]').setInputFiles(certificate.file);
    await settings.getByLabel('Senha do certificado').fill(certificate.password);
    await settings.getByRole('button', { name: 'Salvar dados fiscais' }).click();
    await expect(page.getByText('Dados fiscais salvos.')).toBeVisible();
    await expect(settings.getByTestId('nfse-certificate')).toContainText(`Certificado A1 de AGENCIA DEMO LTDA:${certificate.cnpj}`);

    // ---- Issuing from the closed sale: the job sends the signed DPS, the card follows it to authorized.
    await page.goto(`/venda-fechada/${budgetId}`);
    const card = page.getByTestId('sale-nfse');
    await expect(card).toContainText('Nenhuma NFS-e emitida para esta venda.');
    // First what it would send: the whole sale, 5% of ISS, the customer as tomador (without a CPF here).
    await card.getByRole('button', { name: 'Emitir NFS-e' }).click();
    const preview = page.getByRole('dialog', { name: 'Conferir NFS-e antes de emitir' });
    const table = preview.getByTestId('nfse-preview');
    await expect(table).toContainText('Venda (valor total da venda)');
    await expect(table).toContainText('ISS (5%)');
    await expect(table).toContainText('Agenciamento de turismo - Venda');
    await expect(table).toContainText(/Tomador\s*Cliente Orçamento .* · sem CPF\/CNPJ/);
    await expect(preview.getByTestId('nfse-preview-warning')).toContainText('O cliente não tem CPF nem CNPJ completo');
    await expect(preview).toContainText('Homologação (sem valor fiscal)');
    const amount =
      (await table
        .getByRole('row', { name: /Valor do serviço/ })
        .getByRole('cell')
        .textContent()) ?? '';
    expect(amount).toMatch(/^R\$ [\d.]+,\d{2}$/);
    await preview.getByRole('button', { name: 'Emitir NFS-e' }).click();
    await expect(preview).toHaveCount(0);
    await expect(page.getByText('NFS-e enviada para emissão.')).toBeVisible();
    await expect(card).toContainText(amount);
    await expect(card.getByTestId('nfse-status')).toHaveText('Autorizada', { timeout: 30_000 });
    await expect(card.getByTestId('nfse-number')).toHaveText(/^NFS-e nº \d+$/);
    const number = ((await card.getByTestId('nfse-number').textContent()) ?? '').replace('NFS-e nº ', '');
    await expect(card).toContainText('Homologação (sem valor fiscal)');
    await expect(card.getByRole('button', { name: 'Emitir NFS-e' })).toHaveCount(0);

    // The DANFSe: a PDF of the authorized note, read back as text.
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Baixar DANFSe' }).click();
    const danfse = await download;
    expect(danfse.suggestedFilename()).toBe(`nfse-${number}.pdf`);
    const pdf = readFileSync(await danfse.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('DANFSe - Documento Auxiliar da NFS-e');
    expect(text).toContain('AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL');
    expect(text).toContain(`Número da NFS-e ${number}`);
    expect(text).toContain('Discriminação do serviço Agenciamento de turismo - Venda');

    // ---- While the note is authorized, "Desfazer venda" says so and offers its cancellation.
    await page.getByRole('button', { name: 'Desfazer venda' }).click();
    const undo = page.getByRole('dialog', { name: 'Desfazer venda' });
    await expect(undo.getByTestId('undo-nfse')).toContainText(
      `Esta venda tem a NFS-e nº ${number} autorizada. Cancele a nota antes de desfazer a venda.`,
    );
    await expect(undo.getByRole('button', { name: 'Desfazer venda' })).toBeDisabled();
    await undo.getByRole('button', { name: 'Cancelar NFS-e' }).click();
    const fromUndo = page.getByRole('dialog', { name: 'Cancelar NFS-e' });
    await expect(fromUndo).toContainText(`a NFS-e nº ${number} deixa de valer`);
    await fromUndo.getByRole('button', { name: 'Voltar' }).click();
    // Back to the undo dialog, still held by the note.
    await expect(undo.getByTestId('undo-nfse')).toBeVisible();
    await undo.getByRole('button', { name: 'Voltar' }).click();
    await expect(undo).toHaveCount(0);

    // ---- Canceling from the card: the schema's messages first, then a reason and a justification.
    await card.getByRole('button', { name: 'Cancelar NFS-e' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancelar NFS-e' });
    await expect(cancel.getByTestId('nfse-cancel-warning')).toContainText('O cancelamento não pode ser desfeito');
    await expect(cancel).toContainText('emissor nacional');
    await cancel.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(cancel).toContainText('Escolha o motivo do cancelamento.');
    await expect(cancel).toContainText('Preencha este campo');
    const reason = cancel.getByRole('combobox', { name: 'Motivo do cancelamento' });
    await reason.click();
    await page.getByRole('option', { name: 'Serviço não prestado' }).click();
    await expect(reason).toHaveValue('Serviço não prestado');
    const justification = cancel.getByRole('textbox', { name: 'Justificativa' });
    await justification.fill('Curto demais');
    await expect(cancel).toContainText('12 de 255 caracteres (mínimo 15)');
    await expect(cancel).toContainText('Descreva o motivo com pelo menos 15 caracteres.');
    const why = 'Cliente desistiu da viagem antes do embarque';
    await justification.fill(why);
    await expect(cancel).toContainText(`${why.length} de 255 caracteres`);
    await expect(cancel).not.toContainText('Descreva o motivo com pelo menos 15 caracteres.');
    await cancel.getByRole('button', { name: 'Confirmar cancelamento' }).press('Enter');
    await expect(page.getByText('Pedido de cancelamento da NFS-e enviado.')).toBeVisible();
    await expect(cancel).toHaveCount(0);
    await expect(card.getByTestId('nfse-status')).toHaveText('Cancelada', { timeout: 30_000 });
    const cancellation = card.getByTestId('nfse-cancellation');
    await expect(cancellation).toContainText(/Cancelada em \d{2}\/\d{2}\/\d{4}.*: Serviço não prestado/);
    await expect(cancellation).toContainText(`Justificativa: ${why}`);
    await expect(card.getByRole('button', { name: 'Cancelar NFS-e' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Baixar DANFSe' })).toHaveCount(0);

    // ---- With the note canceled, the sale is undone.
    await page.getByRole('button', { name: 'Desfazer venda' }).click();
    await expect(undo).toBeVisible();
    await expect(undo.getByTestId('undo-nfse')).toHaveCount(0);
    await undo.getByRole('button', { name: 'Desfazer venda' }).click();
    await expect(page.getByText('Venda desfeita. O atendimento voltou para Em aberto.')).toBeVisible();
    await expect(page).toHaveURL(`/orcamento-infor/${budgetId}`);
    await expect(page.getByRole('button', { name: 'Fechar venda' })).toBeVisible();

    // ---- "Notas fiscais": the month's notes, by status, and the month for the accountant.
    await page.getByRole('link', { name: 'Notas fiscais' }).click();
    const row = page.getByTestId('nfse-row').filter({ hasText: `NFS-e nº ${number}` });
    await expect(row.getByTestId('nfse-status')).toHaveText('Cancelada');
    await page.getByRole('combobox', { name: 'Situação' }).click();
    await page.getByRole('option', { name: 'Autorizada' }).click();
    await expect(page.getByText('Nenhuma nota fiscal encontrada')).toBeVisible();
    await page.getByRole('combobox', { name: 'Situação' }).click();
    await page.getByRole('option', { name: 'Cancelada' }).click();
    await expect(row).toBeVisible();
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const csv = readFileSync(await (await csvDownload).path(), 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Número;Chave de acesso;Situação');
    expect(csv).toMatch(new RegExp(`^${number};\\d{50};Cancelada;.*Serviço não prestado;${why}`, 'm'));
  });

  test('through the Focus NFe gateway: the token instead of a certificate, issue, cancel', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = process.env.E2E_NFSE_GATEWAY_TOKEN;
    test.skip(!token, 'the gateway fake runs beside a server started by this config');
    const { agency, budgetId } = await soldBudget(request);
    await login(page, agency.owner.email, agency.owner.password);

    await page.goto('/perfil');
    const settings = page.getByTestId('nfse-settings');
    await settings.getByLabel('CNPJ').fill('12345678000195');
    await settings.getByLabel('Inscrição municipal').fill('1234567');
    await settings.getByLabel('Município (código IBGE)').fill('3550308');
    await settings.getByRole('combobox', { name: 'Regime tributário' }).click();
    await page.getByRole('option', { name: 'MEI' }).click();
    await settings.getByLabel('Alíquota do ISS (%)').fill('2');
    await settings.getByRole('combobox', { name: 'Emissor' }).click();
    await page.getByRole('option', { name: 'Provedor Focus NFe (token da agência)' }).click();
    // The provider holds the certificate: the screen asks for the token only.
    await expect(settings.getByLabel('Certificado digital A1 (.pfx)')).toHaveCount(0);
    await expect(settings.getByTestId('nfse-gateway-token')).toContainText('Informe o token da agência no Focus NFe');
    await settings.getByRole('button', { name: 'Salvar dados fiscais' }).click();
    await expect(settings.getByLabel('Token do provedor')).toHaveAccessibleDescription('Informe o token do provedor de NFS-e.');
    await settings.getByLabel('Token do provedor').fill(token as string);
    await settings.getByRole('button', { name: 'Salvar dados fiscais' }).click();
    await expect(page.getByText('Dados fiscais salvos.')).toBeVisible();
    await expect(settings.getByTestId('nfse-gateway-token')).toHaveText('Token do provedor salvo. Informe outro só para substituí-lo.');
    await expect(settings.getByLabel('Token do provedor')).toHaveValue('');

    await page.goto(`/venda-fechada/${budgetId}`);
    const card = page.getByTestId('sale-nfse');
    await card.getByRole('button', { name: 'Emitir NFS-e' }).click();
    const preview = page.getByRole('dialog', { name: 'Conferir NFS-e antes de emitir' });
    await expect(preview.getByTestId('nfse-preview')).toContainText('ISS (2%)');
    await preview.getByRole('button', { name: 'Emitir NFS-e' }).click();
    await expect(card.getByTestId('nfse-status')).toHaveText('Autorizada', { timeout: 30_000 });
    await expect(card.getByTestId('nfse-number')).toHaveText(/^NFS-e nº \d+$/);
    // Substitution stays with the national issuer.
    await expect(card.getByRole('button', { name: 'Baixar DANFSe' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Substituir NFS-e' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Cancelar NFS-e' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancelar NFS-e' });
    await expect(cancel).toContainText('O pedido vai ao provedor Focus NFe');
    await cancel.getByRole('combobox', { name: 'Motivo do cancelamento' }).click();
    await page.getByRole('option', { name: 'Serviço não prestado' }).click();
    await cancel.getByRole('textbox', { name: 'Justificativa' }).fill('Cliente desistiu da viagem antes do embarque');
    await cancel.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(card.getByTestId('nfse-status')).toHaveText('Cancelada', { timeout: 30_000 });
  });

  test('issued on its own: the owner turns it on, and receiving the sale in full sends the note', async ({ page, request }) => {
    test.setTimeout(180_000);
    const { agency, budgetId, token } = await soldBudget(request);
    await saveFiscalSettings(request, token);
    await login(page, agency.owner.email, agency.owner.password);

    await page.goto('/perfil');
    const settings = page.getByTestId('nfse-settings');
    const automatic = settings.getByRole('switch', { name: 'Emitir a NFS-e automaticamente quando a venda for recebida por completo' });
    await expect(automatic).not.toBeChecked();
    await automatic.check();
    await settings.getByRole('button', { name: 'Salvar dados fiscais' }).click();
    await expect(page.getByText('Dados fiscais salvos.')).toBeVisible();
    await page.reload();
    await expect(automatic).toBeChecked();

    // The sale's only installment, received in full from contas a receber.
    await page.goto('/contas-a-receber');
    await page.getByRole('button', { name: /^Receber parcela 1 de Cliente Orçamento/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Receber' });
    await dialog.getByRole('button', { name: 'Registrar recebimento' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Recebimento registrado. A venda foi recebida por completo: NFS-e enviada para emissão.')).toBeVisible();

    await page.goto(`/venda-fechada/${budgetId}`);
    const card = page.getByTestId('sale-nfse');
    await expect(card.getByTestId('nfse-status')).toHaveText('Autorizada', { timeout: 30_000 });
    await expect(card.getByTestId('nfse-number')).toHaveText(/^NFS-e nº \d+$/);
    await expect(card.getByRole('button', { name: 'Emitir NFS-e' })).toHaveCount(0);
  });

  test('substitute an authorized note: a new note names it, and it is listed as substituted', async ({ page, request }) => {
    test.setTimeout(180_000);
    const { card, number } = await onAuthorizedSale(page, request);

    await card.getByRole('button', { name: 'Substituir NFS-e' }).click();
    const dialog = page.getByRole('dialog', { name: 'Substituir NFS-e' });
    await expect(dialog.getByTestId('nfse-substitute-warning')).toContainText(`indicando a NFS-e nº ${number} como substituída`);
    // Nothing chosen yet: the reason and a justification of 15 characters are asked for, nothing sent.
    await dialog.getByRole('button', { name: 'Emitir substituta' }).click();
    await expect(dialog).toContainText('Escolha o motivo da substituição.');
    await dialog.getByRole('combobox', { name: 'Motivo da substituição' }).click();
    await page.getByRole('option', { name: 'Outros' }).click();
    const why = 'Descrição do serviço corrigida a pedido do cliente';
    await dialog.getByRole('textbox', { name: 'Justificativa' }).fill(why);
    await dialog.getByRole('button', { name: 'Emitir substituta' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('NFS-e substituta enviada para emissão.')).toBeVisible();

    await expect(card.getByTestId('nfse-status')).toHaveText('Autorizada', { timeout: 30_000 });
    await expect(card.getByTestId('nfse-number')).not.toHaveText(`NFS-e nº ${number}`);
    const substitute = ((await card.getByTestId('nfse-number').textContent()) ?? '').replace('NFS-e nº ', '');
    await expect(card.getByTestId('nfse-substitutes')).toHaveText(`Substitui a NFS-e nº ${number}: Outros. ${why}`);

    await page.getByRole('link', { name: 'Notas fiscais' }).click();
    const old = page.getByTestId('nfse-row').filter({ hasText: `NFS-e nº ${number}` });
    await expect(old.getByTestId('nfse-status')).toHaveText('Substituída');
    await expect(
      page
        .getByTestId('nfse-row')
        .filter({ hasText: `NFS-e nº ${substitute}` })
        .getByTestId('nfse-status'),
    ).toHaveText('Autorizada');
  });

  test('a refused cancellation and one the authority did not answer: the card says why and sends it again', async ({ page, request }) => {
    // The queue's five attempts wait 1, 2, 4 and 8 s between them before it gives up.
    test.setTimeout(180_000);
    const { card, number } = await onAuthorizedSale(page, request);
    const why = 'Valor do serviço informado com erro na nota';
    const cancelNote = async () => {
      await card.getByRole('button', { name: 'Cancelar NFS-e' }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancelar NFS-e' });
      await cancel.getByRole('combobox', { name: 'Motivo do cancelamento' }).click();
      await page.getByRole('option', { name: 'Erro na emissão' }).click();
      await cancel.getByRole('textbox', { name: 'Justificativa' }).fill(why);
      await cancel.getByRole('button', { name: 'Confirmar cancelamento' }).click();
      await expect(cancel).toHaveCount(0);
    };

    // Refused: the note is authorized again, with the authority's reason in pt-BR.
    await nfseNationalNext({ reject: [{ Codigo: 'E1801', Descricao: 'Prazo para cancelamento da NFS-e expirado.' }] });
    await cancelNote();
    const errors = card.getByTestId('nfse-errors');
    await expect(errors).toContainText('O cancelamento foi recusado', { timeout: 30_000 });
    await expect(errors).toContainText('Prazo para cancelamento da NFS-e expirado. (E1801)');
    await expect(card.getByTestId('nfse-status')).toHaveText('Autorizada');

    // Out of service past the last attempt: the note stays in cancellation, and is sent again as asked.
    await nfseNationalNext({ unavailable: 1_000 });
    await cancelNote();
    await expect(card.getByTestId('nfse-status')).toHaveText('Em cancelamento');
    await expect(errors).toContainText('Sem resposta do emissor', { timeout: 90_000 });
    await expect(errors).toContainText('O emissor nacional não respondeu');
    await expect(card.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
    await nfseNationalNext({ unavailable: 0 });
    await card.getByRole('button', { name: 'Tentar cancelar novamente' }).click();
    await expect(page.getByText('Pedido de cancelamento da NFS-e enviado.')).toBeVisible();
    await expect(card.getByTestId('nfse-status')).toHaveText('Cancelada', { timeout: 30_000 });
    await expect(card.getByTestId('nfse-cancellation')).toContainText('Erro na emissão');
    await expect(card.getByTestId('nfse-cancellation')).toContainText(`Justificativa: ${why}`);
    await expect(card.getByTestId('nfse-errors')).toHaveCount(0);
  });
});
