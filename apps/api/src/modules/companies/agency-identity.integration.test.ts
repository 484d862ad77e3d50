// Who the agency is, through HTTP: the owner sets its CNPJ, Cadastur, address and logo; others of the
// agency cannot, bad numbers change nothing, another agency never sees them; the contract names the
// agency at its top (logo included) and prints the new template fields, the budget's PDF draws the
// logo, and the contract's mail shows it from an absolute URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Company, type Contract, type ContractTemplate, INVALID_MESSAGE } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLink, pdfText, soldBudget } from '../../../test/contract-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';
import { FILES, multipart } from '../../../test/multipart';
import { ok } from '../../../test/sale-fixtures';

const dataDir = mkdtempSync(join(tmpdir(), 'agency-identity-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const t = useTestApp({ DATA_DIR: dataDir });
const tokens = { owner: '', admin: '', colab: '', outra: '' };
const ids = { demo: 0, outra: 0, supplier: 0, boleto: 0 };

const IDENTITY = {
  cnpj: '11.222.333/0001-81',
  cadastur: '35.123456.10.0001-2',
  postal_code: '01304-001',
  street: 'Rua Augusta',
  street_number: '1500',
  complement: 'sala 32',
  neighborhood: 'Consolação',
  city: 'São Paulo',
  state: 'SP',
};
const STORED = { ...IDENTITY, cnpj: '11222333000181', postal_code: '01304001' };
const ADDRESS_LINE = 'Rua Augusta, 1500, sala 32 – Consolação, São Paulo/SP, CEP 01304-001';

const patch = (body: Record<string, unknown>, token = tokens.owner, id = ids.demo) =>
  t.call('PATCH', `/api/companies/${id}`, { token, body });
const demoRow = () => t.deps.db.company.findUniqueOrThrow({ where: { id: ids.demo } });

async function uploadLogo(token = tokens.owner): Promise<{ key: string; url: string }> {
  const form = multipart({}, [{ filename: 'logo.png', contentType: 'image/png', data: FILES.png }]);
  return ok(await t.call('POST', '/api/uploads/image', { token, body: form.body, headers: form.headers }));
}

/** The owner's save of the agency's identity and a fresh logo, as the profile screen sends them. */
async function saveIdentity(): Promise<Company> {
  const logo = await uploadLogo();
  return ok<Company>(await patch({ ...IDENTITY, logo_key: logo.key }));
}

/**
 * The image objects of a PDF (a PNG with transparency adds its mask): pdfkit writes their
 * dictionaries as plain text, so no PDF tool is needed (poppler is not on every machine).
 */
const imageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image\b/g)?.length ?? 0;

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.admin = await t.tokenFor(DEMO.users.admin);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  ids.demo = (await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.demo } })).id;
  ids.outra = (await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.outra } })).id;
  const supplier = { kind: 'organization', name: 'Angra Receptivo Ltda.', service_types: ['tour', 'other'] };
  ids.supplier = (await ok<{ id: number }>(await t.call('POST', '/api/suppliers', { token: tokens.colab, body: supplier }))).id;
  const boleto = { kind: 'boleto', name: 'Boleto bancário', max_installments: 3, installment_interest: [0, 0, 0] };
  ids.boleto = (await ok<{ id: number }>(await t.call('POST', '/api/payment_method_params', { token: tokens.owner, body: boleto }))).id;
});

describe('the agency identity (PATCH /api/companies/{id})', () => {
  it('the owner sets CNPJ, Cadastur, address and logo; GET answers them back, CNPJ and CEP as digits', async () => {
    const saved = await saveIdentity();
    expect(saved).toMatchObject({ ...STORED, logo_url: expect.stringMatching(/^\/api\/uploads\/images\//) });
    expect(await ok(await t.call('GET', `/api/companies/${ids.demo}`, { token: tokens.owner }))).toEqual(saved);
    // Omitted fields stay; null clears one.
    const cleared = await ok<Company>(await patch({ cadastur: null, complement: null }));
    expect(cleared).toMatchObject({ ...STORED, cadastur: null, complement: null, logo_url: saved.logo_url });
  });

  it('only the owner: administrador and colaborador get 403 and nothing changes', async () => {
    const before = await demoRow();
    for (const token of [tokens.admin, tokens.colab]) {
      const res = await patch({ cadastur: '99.999999.99.9999-9', logo_key: null }, token);
      expect(res.statusCode).toBe(403);
    }
    expect(await demoRow()).toEqual(before);
  });

  it('a bad Cadastur, CNPJ or CEP is a 400 naming each field, and changes nothing', async () => {
    await saveIdentity();
    const before = await demoRow();
    for (const cadastur of ['ABC-123', '35.123456.10.0001-', `${'1'.repeat(31)}`, '35 123456']) {
      const res = await patch({ cadastur, street: 'Rua Nova' });
      expect(res.statusCode, cadastur).toBe(400);
      expect(res.json().errors).toEqual({ cadastur: [expect.any(String)] });
    }
    const res = await patch({ cadastur: 'x', cnpj: '11.222.333/0001-80', postal_code: '0130-001', street: 'Rua Nova' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ cadastur: [INVALID_MESSAGE], cnpj: [INVALID_MESSAGE], postal_code: [INVALID_MESSAGE] });
    expect(await demoRow()).toEqual(before);
  });

  it('another agency never sees it nor changes it: its ids answer 404, its own agency shows none of it', async () => {
    await saveIdentity();
    const before = await demoRow();
    expect((await t.call('GET', `/api/companies/${ids.demo}`, { token: tokens.outra })).statusCode).toBe(404);
    expect((await patch({ cadastur: '11.111111.11.1111-1' }, tokens.outra)).statusCode).toBe(404);
    const own = await t.call('GET', `/api/companies/${ids.outra}`, { token: tokens.outra });
    expect(own.statusCode).toBe(200);
    for (const value of [STORED.cnpj, IDENTITY.cadastur, IDENTITY.street, before.logoKey ?? '']) expect(own.body).not.toContain(value);
    expect(await demoRow()).toEqual(before);
  });
});

describe('the agency on its documents', () => {
  it('the contract names the agency at its top, logo included, and its template prints CNPJ, Cadastur and address', async () => {
    const saved = await saveIdentity();
    const budget = await soldBudget(t, tokens.colab, { supplierId: ids.supplier, paymentMethodId: ids.boleto });
    const body = '# Contrato\n\nCNPJ: {{agencia.cnpj}}\n\nCadastur: {{agencia.cadastur}}\n\nSede: {{agencia.endereco}}';
    const template = await ok<ContractTemplate>(
      await t.call('POST', '/api/contract_templates', { token: tokens.colab, body: { name: 'Agência identificada', body } }),
    );
    const contract = await ok<Contract>(
      await t.call('POST', `/api/contracts/generate/${budget.id}`, { token: tokens.colab, body: { template_id: template.id } }),
    );
    const links = await ok<{ pdf_url: string }>(await t.call('GET', `/api/contracts/show_pdf/${contract.id}`, { token: tokens.colab }));
    const pdf = (await openLink(t, links.pdf_url)).rawPayload;
    const { text } = await pdfText(pdf);
    // The block at the top, before the template's title.
    expect(text).toContain(`${DEMO.companies.demo} CNPJ ${IDENTITY.cnpj} · Cadastur ${IDENTITY.cadastur} ${ADDRESS_LINE} Contrato`);
    expect(text).toContain(`CNPJ: ${IDENTITY.cnpj}`);
    expect(text).toContain(`Cadastur: ${IDENTITY.cadastur}`);
    expect(text).toContain(`Sede: ${ADDRESS_LINE}`);
    expect(imageCount(pdf)).toBeGreaterThan(0);

    // The client's mail shows the logo from the app's absolute URL, named by the agency.
    const to = 'identidade@cliente.test';
    await ok(await t.call('POST', '/api/contracts/send', { token: tokens.colab, body: { contract_id: contract.id, to: [to] } }));
    const [mail] = await t.mailsTo(to);
    const logo = mail?.html.match(/<img[^>]*>/g)?.find((tag) => tag.includes(`src="http://localhost:3000${saved.logo_url}"`));
    expect(logo).toContain(`alt="${DEMO.companies.demo}"`);
  });

  it('without logo nor identity the contract still names the agency, and draws no image', async () => {
    const none = { cnpj: null, cadastur: null, postal_code: null, street: null, street_number: null, complement: null, neighborhood: null };
    await ok(await patch({ ...none, city: null, state: null, logo_key: null }));
    const budget = await soldBudget(t, tokens.colab, { supplierId: ids.supplier, paymentMethodId: ids.boleto });
    const contract = await ok<Contract>(await t.call('POST', `/api/contracts/generate/${budget.id}`, { token: tokens.colab, body: {} }));
    const links = await ok<{ pdf_url: string }>(await t.call('GET', `/api/contracts/show_pdf/${contract.id}`, { token: tokens.colab }));
    const pdf = (await openLink(t, links.pdf_url)).rawPayload;
    const { text } = await pdfText(pdf);
    expect(text.startsWith(`${DEMO.companies.demo} CONTRATO`)).toBe(true);
    expect(text).not.toContain('Cadastur ');
    expect(imageCount(pdf)).toBe(0);
  });

  it("the budget's PDF draws the logo on its cover when there is one", async () => {
    await ok(await patch({ logo_key: null }));
    const budget = await soldBudget(t, tokens.colab, { supplierId: ids.supplier, paymentMethodId: ids.boleto });
    const tree = await ok<{ landing_page_id: string }>(await t.call('GET', `/api/budgets/${budget.id}`, { token: tokens.colab }));
    const pdf = async () => {
      const res = await t.call('GET', `/pdf/${tree.landing_page_id}`, { headers: { 'x-forwarded-for': '198.51.100.41' } });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    expect(imageCount(await pdf())).toBe(0);
    await saveIdentity();
    expect(imageCount(await pdf())).toBeGreaterThan(0);
  });
});
