// Contract templates and contracts through HTTP: the default template seeded once, unknown fields
// refused, the PDF of a sold budget read back as text with every field filled from the frozen sale,
// its short-lived links (tampered or expired refused), the signed copy's upload (wrong type or size:
// nothing stored), the mail a real SMTP sink receives (a repeated job mails once), cancel, delete,
// and another agency's ids answering like missing ones.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONTRACT_BLANK,
  CONTRACT_MESSAGES,
  CONTRACT_PLACEHOLDERS,
  CONTRACT_TEMPLATE_MESSAGES,
  CONTRACT_UPLOAD,
  type Contract,
  type ContractTemplate,
  DEFAULT_CONTRACT_TEMPLATE,
  formatCpf,
  longDate,
  toCurrency,
} from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT,
  openLink,
  PLAN_DUE_DATES,
  pdfText,
  type SoldBudget,
  soldBudget,
  storedContractFiles,
  TRIP,
} from '../../../test/contract-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';
import { FILES, multipart } from '../../../test/multipart';
import { ok } from '../../../test/sale-fixtures';
import { contractFileUrl } from './contract-links';
import { contractMailingJob } from './contracts.jobs';

const dataDir = mkdtempSync(join(tmpdir(), 'contracts-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const t = useTestApp({ DATA_DIR: dataDir });
const tokens = { owner: '', colab: '', outra: '' };
const ids = { demo: 0, supplier: 0, boleto: 0 };
const MISSING = 2_147_483_646;

const call = (method: string, url: string, body?: unknown, token = tokens.colab) => t.call(method, url, { token, body });
const templates = async (token = tokens.colab) =>
  (await ok<{ items: ContractTemplate[] }>(await call('GET', '/api/contract_templates', undefined, token))).items;
const generate = (budgetId: number, body: Record<string, unknown> = {}, token = tokens.colab) =>
  call('POST', `/api/contracts/generate/${budgetId}`, body, token);
const links = async (id: number) =>
  ok<{ pdf_url: string | null; signed_pdf_url: string | null }>(await call('GET', `/api/contracts/show_pdf/${id}`));
const sold = (opts: { clientEmail?: string | null } = {}) =>
  soldBudget(t, tokens.colab, { supplierId: ids.supplier, paymentMethodId: ids.boleto, ...opts });
const upload = (fields: Record<string, string>, file?: { filename: string; contentType: string; data: Buffer }, token = tokens.colab) => {
  const form = multipart(fields, file ? [file] : []);
  return t.app.inject({
    method: 'POST',
    url: '/api/contracts/upload',
    headers: { authorization: `Bearer ${token}`, ...form.headers },
    payload: form.body,
  });
};
const contractRow = (id: number) => t.deps.db.contract.findUnique({ where: { id } });

/** A template using every declared field, one per line under its label. */
const EVERY_FIELD = `# Contrato com todos os campos\n\n${CONTRACT_PLACEHOLDERS.map((p) => `**${p.label}:** {{${p.key}}}`).join('\n\n')}`;

async function newContract(budget: SoldBudget, body: Record<string, unknown> = {}): Promise<Contract> {
  return ok<Contract>(await generate(budget.id, body));
}

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  const demo = await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.demo } });
  ids.demo = demo.id;
  await t.deps.db.company.update({
    where: { id: demo.id },
    data: {
      contactEmail: 'contato@demo.test',
      phone: '(11) 3333-4444',
      city: 'São Paulo',
      state: 'SP',
      cnpj: '11222333000181',
      cadastur: '35.123456.10.0001-2',
      street: 'Rua Augusta',
      streetNumber: '1500',
      neighborhood: 'Consolação',
      postalCode: '01304001',
    },
  });
  ids.supplier = (
    await ok<{ id: number }>(
      await call('POST', '/api/suppliers', { kind: 'organization', name: 'Angra Receptivo Ltda.', service_types: ['tour', 'other'] }),
    )
  ).id;
  ids.boleto = (
    await ok<{ id: number }>(
      await call(
        'POST',
        '/api/payment_method_params',
        { kind: 'boleto', name: 'Boleto bancário', max_installments: 3, installment_interest: [0, 0, 0] },
        tokens.owner,
      ),
    )
  ).id;
});

describe('contract templates', () => {
  it('every agency has the default pt-BR template from the start, its own', async () => {
    const [a, b] = await Promise.all([templates(), templates()]);
    expect(a).toEqual(b);
    expect(a).toHaveLength(1);
    expect(a[0]).toMatchObject({
      name: DEFAULT_CONTRACT_TEMPLATE.name,
      body: DEFAULT_CONTRACT_TEMPLATE.body,
      is_default: true,
      active: true,
    });
    expect(await t.deps.db.contractTemplate.count({ where: { companyId: ids.demo } })).toBe(1);
    expect((await templates())[0]?.id).toBe(a[0]?.id);
    // Another agency gets its own.
    const outra = await templates(tokens.outra);
    expect(outra).toHaveLength(1);
    expect(outra[0]?.id).not.toBe(a[0]?.id);
  });

  it('refuses a body with an unknown field, naming it, or with unpaired braces, and saves nothing', async () => {
    const before = await t.deps.db.contractTemplate.findMany({ where: { companyId: ids.demo }, orderBy: { id: 'asc' } });
    const created = await call('POST', '/api/contract_templates', {
      name: 'Modelo com erro',
      body: 'Contratante: {{cliente.nome}}, apelido {{cliente.apelido}} e {{ viagem.cor }}.',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors.body).toEqual([CONTRACT_TEMPLATE_MESSAGES.unknown(['{{cliente.apelido}}', '{{ viagem.cor }}'])]);
    expect(created.json().errors.body[0]).toBe('Campos desconhecidos no modelo: {{cliente.apelido}}, {{ viagem.cor }}');
    const single = await call('POST', '/api/contract_templates', { name: 'Modelo com erro', body: 'Olá {{cliente.apelido}}' });
    expect(single.json().errors.body).toEqual(['Campo desconhecido no modelo: {{cliente.apelido}}']);
    const unpaired = await call('POST', '/api/contract_templates', { name: 'Modelo com erro', body: 'Olá {{cliente.nome}' });
    expect(unpaired.statusCode).toBe(400);
    expect(unpaired.json().errors.body).toEqual([CONTRACT_TEMPLATE_MESSAGES.unbalanced]);
    const [seeded] = before;
    const updated = await call('PUT', `/api/contract_templates/${seeded?.id}`, { body: `${seeded?.body}\n\n{{cliente.apelido}}` });
    expect(updated.statusCode).toBe(400);
    expect(await t.deps.db.contractTemplate.findMany({ where: { companyId: ids.demo }, orderBy: { id: 'asc' } })).toEqual(before);
  });

  it('makes one default at a time; the default is never unset nor deactivated', async () => {
    const [seeded] = await templates();
    const other = await ok<ContractTemplate>(
      await call('POST', '/api/contract_templates', {
        name: 'Contrato de cruzeiro',
        body: '# Contrato\n\n**{{cliente.nome}}** contrata.',
        is_default: true,
      }),
    );
    expect(other).toMatchObject({ is_default: true, active: true });
    let list = await templates();
    expect(list.map((x) => [x.id, x.is_default])).toEqual([
      [other.id, true],
      [seeded?.id, false],
    ]);
    for (const [body, field, message] of [
      [{ is_default: false }, 'is_default', CONTRACT_TEMPLATE_MESSAGES.defaultMustStay],
      [{ active: false }, 'active', CONTRACT_TEMPLATE_MESSAGES.defaultMustBeActive],
    ] as const) {
      const res = await call('PUT', `/api/contract_templates/${other.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
    }
    const back = await ok<ContractTemplate>(
      await call('PUT', `/api/contract_templates/${seeded?.id}`, { is_default: true, name: 'Padrão da agência' }),
    );
    expect(back).toMatchObject({ is_default: true, name: 'Padrão da agência', body: DEFAULT_CONTRACT_TEMPLATE.body });
    list = await templates();
    expect(list.filter((x) => x.is_default).map((x) => x.id)).toEqual([seeded?.id]);
    expect(await ok<ContractTemplate>(await call('PUT', `/api/contract_templates/${other.id}`, { active: false }))).toMatchObject({
      active: false,
    });
  });

  it("answers another agency's template like a missing one (404) and changes nothing", async () => {
    const [outra] = await templates(tokens.outra);
    const before = await t.deps.db.contractTemplate.findUniqueOrThrow({ where: { id: outra?.id } });
    for (const id of [outra?.id, MISSING]) {
      const res = await call('PUT', `/api/contract_templates/${id}`, { name: 'Tomado' });
      expect(res.statusCode).toBe(404);
      expect(res.json().status).toBe(404);
    }
    expect(await t.deps.db.contractTemplate.findUniqueOrThrow({ where: { id: outra?.id } })).toEqual(before);
  });
});

describe('POST /api/contracts/generate/{budgetId}', () => {
  it('refuses a budget without a sale (409) and stores nothing', async () => {
    const files = await storedContractFiles(dataDir, ids.demo);
    const sale = await sold();
    await ok(await call('PUT', `/api/budgets/undo-sell/${sale.id}`, {}));
    const res = await generate(sale.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CONTRACT_MESSAGES.notSold);
    expect(await t.deps.db.contract.count({ where: { budgetId: sale.id } })).toBe(0);
    expect(await storedContractFiles(dataDir, ids.demo)).toEqual(files);
  });

  it('fills every field from the sale as sold, the client, the passengers and the agency: no braces, no blanks', async () => {
    const budget = await sold();
    // A rename after the sale does not reach the contract: the sale froze the method's name.
    await ok(await call('PUT', `/api/payment_method_params/${ids.boleto}`, { name: 'Boleto renomeado' }, tokens.owner));
    const template = await ok<ContractTemplate>(
      await call('POST', '/api/contract_templates', { name: 'Todos os campos', body: EVERY_FIELD }),
    );
    const contract = await newContract(budget, { template_id: template.id });
    expect(contract).toMatchObject({
      budget_id: budget.id,
      template_id: template.id,
      template_name: 'Todos os campos',
      status: 'generated',
      has_pdf: true,
      has_signed_copy: false,
    });
    const pdf = await openLink(t, (await links(contract.id)).pdf_url);
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    const money = (cents: number) => toCurrency(cents);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const expected = [
      `Nome do cliente: ${CLIENT.name}`,
      `CPF do cliente: ${formatCpf(budget.cpf)}`,
      `CPF ou CNPJ do cliente: ${formatCpf(budget.cpf)}`,
      `E-mail do cliente: ${CLIENT.email}`,
      `Telefone do cliente: ${CLIENT.phone}`,
      'Endereço do cliente: Avenida Paulista, 1000, apto 12 – Bela Vista, São Paulo/SP, CEP 01310-100',
      '1. Conceição Araújo Gonçalves (adulto) – CPF 529.982.247-25 – Passaporte FZ123456',
      '2. Lúcia Gonçalves Antônio (criança) – RG 12.345.678-9',
      `Título da viagem: ${TRIP.title}`,
      `Destino: ${TRIP.destination}`,
      'Início da viagem: 01/07/2027',
      'Fim da viagem: 10/07/2027',
      '• Passeio/ingresso: Passeio de escuna em Angra – 02/07/2027 – fornecedor: Angra Receptivo Ltda.',
      '• Outros: Ingresso do parque (US$) – 05/07/2027',
      `Valor total da venda: ${money(budget.saleCents)}`,
      'Forma de pagamento: Boleto bancário',
      ...budget.plan.map(
        (i, n) => `${i.number}ª parcela – vencimento ${PLAN_DUE_DATES[n]?.split('-').reverse().join('/')} – ${money(i.amount_cents)}`,
      ),
      `Nome da agência: ${DEMO.companies.demo}`,
      'CNPJ da agência: 11.222.333/0001-81',
      'Cadastur da agência: 35.123456.10.0001-2',
      'Endereço da agência: Rua Augusta, 1500 – Consolação, São Paulo/SP, CEP 01304-001',
      'E-mail da agência: contato@demo.test',
      'Telefone da agência: (11) 3333-4444',
      'Cidade da agência: São Paulo/SP',
      'Vendedor: Colab Demo',
      `Data de hoje (por extenso): ${longDate(today)}`,
      `Data da venda (por extenso): ${longDate(today)}`,
    ];
    for (const line of expected) expect(text).toContain(line);
    expect(text).not.toContain('{{');
    expect(text).not.toContain(CONTRACT_BLANK);
    expect(text).not.toContain('Boleto renomeado');
  });

  it("uses the agency's default template when none is named: the full contract, 2 to 3 pages", async () => {
    const budget = await sold();
    const contract = await newContract(budget);
    const fallback = (await templates()).find((x) => x.is_default);
    expect(contract).toMatchObject({ template_id: fallback?.id, template_name: fallback?.name });
    const { text, pages } = await pdfText((await openLink(t, (await links(contract.id)).pdf_url)).rawPayload);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(3);
    for (const part of [
      'CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE INTERMEDIAÇÃO DE VIAGEM E TURISMO',
      `${CLIENT.name}, inscrito(a) no CPF/CNPJ sob o nº ${formatCpf(budget.cpf)}`,
      `o valor total de ${toCurrency(budget.saleCents)}`,
      'CLÁUSULA 11ª – DO FORO',
      `Página ${pages} de ${pages}`,
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('{{');
  });

  it('refuses an older template with an unknown field (409, naming it) or an inactive one (400), storing nothing', async () => {
    const budget = await sold();
    const files = await storedContractFiles(dataDir, ids.demo);
    const old = await ok<ContractTemplate>(await call('POST', '/api/contract_templates', { name: 'Antigo', body: 'Olá {{cliente.nome}}' }));
    // Written before the field was renamed: saving would refuse it today.
    await t.deps.db.contractTemplate.update({ where: { id: old.id }, data: { body: 'Olá {{cliente.nome}}, {{cliente.apelido}}' } });
    const res = await generate(budget.id, { template_id: old.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CONTRACT_MESSAGES.templateUnknownFields(['{{cliente.apelido}}']));
    await ok(await call('PUT', `/api/contract_templates/${old.id}`, { body: 'Olá {{cliente.nome}}', active: false }));
    const inactive = await generate(budget.id, { template_id: old.id });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().errors.template_id).toEqual([CONTRACT_TEMPLATE_MESSAGES.inactive]);
    const [outraTemplate] = await templates(tokens.outra);
    expect((await generate(budget.id, { template_id: outraTemplate?.id })).json().errors.template_id).toEqual([
      CONTRACT_TEMPLATE_MESSAGES.notFound,
    ]);
    expect(await t.deps.db.contract.count({ where: { budgetId: budget.id } })).toBe(0);
    expect(await storedContractFiles(dataDir, ids.demo)).toEqual(files);
  });
});

describe('GET /api/contracts/show_pdf/{id} and its links', () => {
  it('links the PDF for 5 minutes, inline, private and not indexed; a tampered or expired link is refused', async () => {
    const contract = await newContract(await sold());
    const { pdf_url, signed_pdf_url } = await links(contract.id);
    expect(signed_pdf_url).toBeNull();
    const url = new URL(pdf_url ?? '', 'http://x');
    expect(Number(url.searchParams.get('expires')) - Date.now() / 1000).toBeGreaterThan(290);
    expect(Number(url.searchParams.get('expires')) - Date.now() / 1000).toBeLessThanOrEqual(300);
    const res = await openLink(t, pdf_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="/);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`Contrato – ${TRIP.title}.pdf`)}`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const signature = url.searchParams.get('signature') ?? '';
    const other = await newContract(await sold());
    const tampered = [
      pdf_url?.replace(signature, `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`),
      pdf_url?.replace(`/file/${contract.id}?`, `/file/${other.id}?`),
      pdf_url?.replace('kind=generated', 'kind=signed'),
      pdf_url?.replace(/expires=\d+/, `expires=${Number(url.searchParams.get('expires')) + 3600}`),
    ];
    for (const link of tampered) {
      const refused = await t.call('GET', link ?? '');
      expect(refused.statusCode, link).toBe(403);
      expect(refused.json()).toMatchObject({ status: 403, message: CONTRACT_MESSAGES.linkInvalid });
    }
    const expired = await t.call('GET', contractFileUrl(t.deps.config, contract.id, 'generated', new Date(Date.now() - 6 * 60_000)));
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ status: 403, message: CONTRACT_MESSAGES.linkExpired });
    const malformed = await t.call('GET', `/api/contracts/file/${contract.id}?kind=generated&expires=abc&signature=zz`);
    expect(malformed.statusCode).toBe(400);
    // A link to a contract deleted since: 404.
    await ok(await call('DELETE', `/api/contracts/${other.id}`));
    const gone = await t.call('GET', contractFileUrl(t.deps.config, other.id, 'generated'));
    expect(gone.statusCode).toBe(404);
  });
});

describe('POST /api/contracts/upload', () => {
  const signedPdf = { filename: 'contrato-assinado.pdf', contentType: 'application/pdf', data: FILES.pdf };

  it('refuses a file that is not a PDF, one over the limit, or none, storing nothing and changing no row', async () => {
    const contract = await newContract(await sold());
    const before = await contractRow(contract.id);
    const files = await storedContractFiles(dataDir, ids.demo);
    const png = await upload(
      { contract_id: String(contract.id) },
      { filename: 'foto.pdf', contentType: 'application/pdf', data: FILES.png },
    );
    expect(png.statusCode).toBe(400);
    expect(png.json().errors.file).toEqual([CONTRACT_UPLOAD.typeMessage]);
    const big = Buffer.concat([FILES.pdf, Buffer.alloc(CONTRACT_UPLOAD.maxBytes + 1 - FILES.pdf.length, 0x20)]);
    const tooLarge = await upload({ contract_id: String(contract.id) }, { ...signedPdf, data: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(CONTRACT_UPLOAD.sizeMessage);
    const none = await upload({ contract_id: String(contract.id) });
    expect(none.statusCode).toBe(400);
    const noContract = await upload({}, signedPdf);
    expect(noContract.statusCode).toBe(400);
    expect(await contractRow(contract.id)).toEqual(before);
    expect(await storedContractFiles(dataDir, ids.demo)).toEqual(files);
  });

  it('keeps the signed copy (uploaded) and serves it through show_pdf; a new one replaces it', async () => {
    const contract = await newContract(await sold());
    const first = await upload({ contract_id: String(contract.id) }, signedPdf);
    const uploaded = await ok<Contract>(first);
    expect(uploaded).toMatchObject({ status: 'uploaded', has_signed_copy: true, signed_filename: 'contrato-assinado.pdf' });
    expect(uploaded.signed_at).not.toBeNull();
    const { signed_pdf_url } = await links(contract.id);
    const file = await openLink(t, signed_pdf_url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(FILES.pdf)).toBe(true);
    const firstKey = (await contractRow(contract.id))?.signedFileKey ?? '';
    await ok(await upload({ contract_id: String(contract.id) }, { ...signedPdf, filename: 'segunda via.pdf' }));
    expect(await t.deps.platform.storage.exists(firstKey)).toBe(false);
  });

  it('refuses the signed copy of a cancelled contract (409), storing nothing', async () => {
    const contract = await newContract(await sold());
    await ok(await call('PATCH', `/api/contracts/cancel/${contract.id}`));
    const files = await storedContractFiles(dataDir, ids.demo);
    const res = await upload({ contract_id: String(contract.id) }, signedPdf);
    expect(res.statusCode).toBe(409);
    expect(await storedContractFiles(dataDir, ids.demo)).toEqual(files);
    expect((await contractRow(contract.id))?.signedFileKey).toBeNull();
  });
});

describe('POST /api/contracts/send', () => {
  it('mails the client the contract with its PDF attached, once even when the job runs again', async () => {
    const budget = await sold({ clientEmail: 'conceicao.envio@cliente.test' });
    const contract = await newContract(budget);
    const res = await ok<{ mailing_id: number; status: string; recipients: string[]; contract: Contract }>(
      await call('POST', '/api/contracts/send', { contract_id: contract.id, message: 'Segue o contrato, qualquer dúvida me chame.' }),
    );
    expect(res).toMatchObject({ status: 'queued', recipients: ['conceicao.envio@cliente.test'], contract: { status: 'sent' } });
    expect(res.contract.sent_at).not.toBeNull();
    const mails = await t.mailsTo('conceicao.envio@cliente.test');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`${DEMO.companies.demo}: contrato da sua viagem – ${TRIP.title}`);
    expect(mail?.text).toContain('Segue o contrato, qualquer dúvida me chame.');
    expect(mail?.text).toContain('Olá, Conceição!');
    expect(mail?.replyTo).toContain(DEMO.users.colaborador);
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`Contrato – ${TRIP.title}.pdf`, 'application/pdf']]);
    expect((await pdfText(mail?.attachments[0]?.content ?? Buffer.alloc(0))).text).toContain(CLIENT.name);
    // The queue runs the same mailing again (a retry after a lost acknowledgement): no second mail.
    await t.platform.jobs.enqueue(contractMailingJob, { mailing_id: res.mailing_id });
    expect(await t.mailsTo('conceicao.envio@cliente.test')).toHaveLength(1);
    expect((await t.deps.db.saleMailing.findUniqueOrThrow({ where: { id: res.mailing_id } })).kind).toBe('contract');
  });

  it('sends to the addresses given; a client without e-mail and none given is a 400; a cancelled contract a 409', async () => {
    const contract = await newContract(await sold({ clientEmail: null }));
    const none = await call('POST', '/api/contracts/send', { contract_id: contract.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.to).toEqual([CONTRACT_MESSAGES.noClientEmail]);
    expect(await t.deps.db.saleMailing.count({ where: { contractId: contract.id } })).toBe(0);
    await ok(await call('POST', '/api/contracts/send', { contract_id: contract.id, to: ['financeiro@cliente.test'] }));
    expect(await t.mailsTo('financeiro@cliente.test')).toHaveLength(1);
    await ok(await call('PATCH', `/api/contracts/cancel/${contract.id}`));
    const cancelled = await call('POST', '/api/contracts/send', { contract_id: contract.id, to: ['financeiro@cliente.test'] });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(CONTRACT_MESSAGES.cancelled);
  });
});

describe('cancel, delete and get', () => {
  it('cancels once (then 409), keeping the files', async () => {
    const contract = await newContract(await sold());
    const cancelled = await ok<Contract>(await call('PATCH', `/api/contracts/cancel/${contract.id}`));
    expect(cancelled).toMatchObject({ status: 'cancelled', has_pdf: true });
    expect(cancelled.cancelled_at).not.toBeNull();
    expect(await ok<Contract>(await call('GET', `/api/contracts/${contract.id}`))).toEqual(cancelled);
    const again = await call('PATCH', `/api/contracts/cancel/${contract.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CONTRACT_MESSAGES.alreadyCancelled);
    expect((await openLink(t, (await links(contract.id)).pdf_url)).statusCode).toBe(200);
  });

  it('deletes a contract never signed with its file; a signed one is kept (409)', async () => {
    const contract = await newContract(await sold());
    const key = (await contractRow(contract.id))?.fileKey ?? '';
    expect(await t.deps.platform.storage.exists(key)).toBe(true);
    expect(await ok(await call('DELETE', `/api/contracts/${contract.id}`))).toEqual({ id: contract.id, deleted: true });
    expect(await t.deps.platform.storage.exists(key)).toBe(false);
    expect((await call('GET', `/api/contracts/${contract.id}`)).statusCode).toBe(404);

    const signed = await newContract(await sold());
    await ok(
      await upload({ contract_id: String(signed.id) }, { filename: 'assinado.pdf', contentType: 'application/pdf', data: FILES.pdf }),
    );
    const refused = await call('DELETE', `/api/contracts/${signed.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CONTRACT_MESSAGES.signedKept);
    expect(await contractRow(signed.id)).not.toBeNull();
  });

  it('answers 503 for electronic signature on a server without a provider, changing nothing', async () => {
    const contract = await newContract(await sold());
    const before = await contractRow(contract.id);
    const res = await call('POST', `/api/contracts/signature/${contract.id}`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 503, message: CONTRACT_MESSAGES.signatureNotConfigured });
    expect(await contractRow(contract.id)).toEqual(before);
  });
});

describe("another agency's ids", () => {
  it('answer 404 exactly like missing ones, and change nothing', async () => {
    const budget = await sold();
    const contract = await newContract(budget);
    const before = await contractRow(contract.id);
    const files = await storedContractFiles(dataDir, ids.demo);
    const attempts: [string, (id: number) => string, ((id: number) => unknown)?][] = [
      ['GET', (id) => `/api/contracts/${id}`],
      ['GET', (id) => `/api/contracts/show_pdf/${id}`],
      ['PATCH', (id) => `/api/contracts/cancel/${id}`],
      ['DELETE', (id) => `/api/contracts/${id}`],
      ['POST', () => '/api/contracts/send', (id) => ({ contract_id: id, to: ['x@outra.test'] })],
      ['POST', (id) => `/api/contracts/signature/${id}`],
    ];
    for (const [method, path, body] of attempts) {
      const foreign = await call(method, path(contract.id), body?.(contract.id), tokens.outra);
      const missing = await call(method, path(MISSING), body?.(MISSING), tokens.outra);
      expect([foreign.statusCode, missing.statusCode], `${method} ${path(0)}`).toEqual([404, 404]);
      expect({ ...foreign.json(), request_id: null }).toEqual({ ...missing.json(), request_id: null });
    }
    for (const id of [budget.id, MISSING]) expect((await generate(id, {}, tokens.outra)).statusCode).toBe(404);
    const foreignUpload = await upload(
      { contract_id: String(contract.id) },
      { filename: 'a.pdf', contentType: 'application/pdf', data: FILES.pdf },
      tokens.outra,
    );
    expect(foreignUpload.statusCode).toBe(404);
    expect(await contractRow(contract.id)).toEqual(before);
    expect(await storedContractFiles(dataDir, ids.demo)).toEqual(files);
  });
});
