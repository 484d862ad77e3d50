import { PIX_KEY_MESSAGE, serverErrorText, TAKEN_MESSAGE } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
beforeAll(() => t.showCostsToEveryone());

// Valid check digits, unused by the seed.
const CNPJ_SAO_JOSE = '11.222.333/0001-81';
const CNPJ_MAR_AZUL = '06.990.590/0001-23';
const CNPJ_HOLDER = '45.723.174/0001-10';
const CPF_GUIA = '529.982.247-25';
const CPF_MOTORISTA = '111.444.777-35';
const PIX_RANDOM = '123E4567-E89B-12D3-A456-426614174000';

const ADDRESS = {
  postal_code: '01001-000',
  street: 'Praça da Sé',
  number: '100',
  complement: 'sala 2',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'SP',
};

async function createSupplier(token: string, body: Record<string, unknown>) {
  return t.call('POST', '/api/suppliers', { token, body });
}

const names = (body: { suppliers: { name: string }[] }) => body.suppliers.map((s) => s.name);

describe('POST /api/suppliers', () => {
  it('creates a company with everything the form edits; documents as digits, Pix key normalized, types in their order', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const res = await createSupplier(token, {
      kind: 'organization',
      name: 'São José Turismo Ltda',
      trade_name: 'SJ Receptivo',
      cnpj: CNPJ_SAO_JOSE,
      email: 'Reservas@SaoJose.com.br',
      phone: '(11) 3333-4444',
      website: 'https://saojose.example',
      service_types: ['accommodation', 'air', 'accommodation'],
      commission_basis_points: 1250,
      notes: 'Paga comissão no check-out.',
      address: ADDRESS,
      bank_code: '341',
      bank_name: 'Itaú',
      bank_branch: '0001',
      bank_account: '12345-6',
      bank_account_type: 'checking',
      bank_holder_name: 'São José Turismo Ltda',
      bank_holder_document: CNPJ_SAO_JOSE,
      pix_key_type: 'email',
      pix_key: ' Financeiro@SaoJose.com.br ',
      contacts: [{ name: 'Marta Lima', role: 'Reservas', email: 'marta@saojose.com.br', phone: '11999990000' }],
    });
    expect(res.statusCode).toBe(200);
    const supplier = res.json();
    expect(supplier).toMatchObject({
      kind: 'organization',
      name: 'São José Turismo Ltda',
      trade_name: 'SJ Receptivo',
      cnpj: '11222333000181',
      cpf: null,
      email: 'reservas@saojose.com.br',
      service_types: ['air', 'accommodation'],
      commission_basis_points: 1250,
      address: { ...ADDRESS, postal_code: '01001000' },
      bank_account_type: 'checking',
      bank_holder_document: '11222333000181',
      pix_key_type: 'email',
      pix_key: 'financeiro@saojose.com.br',
      client_id: null,
      is_active: true,
      contacts: [{ name: 'Marta Lima', role: 'Reservas', email: 'marta@saojose.com.br', phone: '11999990000' }],
    });
    expect((await t.call('GET', `/api/suppliers/${supplier.id}`, { token })).json()).toEqual(supplier);
    // The search text is the database's: folded, never written by the API.
    const row = await t.deps.db.supplier.findUniqueOrThrow({ where: { id: supplier.id }, select: { searchText: true } });
    expect(row.searchText).toContain('sao jose turismo ltda');
  });

  it('creates a person with a CPF and no address (null), Pix by phone and CPF normalized', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const res = await createSupplier(token, {
      kind: 'person',
      name: 'Guia João Araújo',
      cpf: CPF_GUIA,
      service_types: ['ground_services'],
      pix_key_type: 'phone',
      pix_key: '(11) 98765-4321',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cpf: '52998224725', cnpj: null, address: null, pix_key: '+5511987654321', contacts: [] });
    const cpfKey = await createSupplier(token, {
      kind: 'person',
      name: 'Motorista Zé',
      cpf: CPF_MOTORISTA,
      service_types: ['car_rental'],
      pix_key_type: 'cpf',
      pix_key: CPF_MOTORISTA,
    });
    expect(cpfKey.json().pix_key).toBe('11144477735');
  });

  it('refuses bad CPF/CNPJ with the validation message, documents of the other kind, no service type, and unknown keys; creates nothing', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const before = await t.deps.db.supplier.count();
    const bad = await createSupplier(token, {
      kind: 'organization',
      name: 'X',
      cnpj: '11.222.333/0001-00',
      email: 'nope',
      service_types: [],
      commission_basis_points: 10_001,
      company_id: 1,
      search_text: 'x',
      client_id: 1,
      address: { postal_code: '0100', state: 'ZZ' },
      bank_holder_document: '123',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'address.postal_code',
      'address.state',
      'bank_holder_document',
      'client_id',
      'cnpj',
      'commission_basis_points',
      'company_id',
      'email',
      'name',
      'search_text',
      'service_types',
    ]);
    expect(bad.json().errors.cnpj).toEqual(['não é válido']);
    expect(bad.json().errors.service_types).toEqual(['informe ao menos um tipo de serviço']);
    const cpf = await createSupplier(token, { kind: 'person', name: 'Pessoa', cpf: '123.456.789-00', service_types: ['air'] });
    expect(cpf.json().errors).toEqual({ cpf: ['não é válido'] });
    const kind = await createSupplier(token, { kind: 'organization', name: 'Empresa', cpf: CPF_GUIA, service_types: ['air'] });
    expect(kind.json().errors).toEqual({ cpf: ['só pode ser informado para pessoa física'] });
    const kind2 = await createSupplier(token, { kind: 'person', name: 'Pessoa', cnpj: CNPJ_MAR_AZUL, service_types: ['air'] });
    expect(kind2.json().errors).toEqual({ cnpj: ['só pode ser informado para pessoa jurídica'] });
    expect(await t.deps.db.supplier.count()).toBe(before);
  });

  it("refuses a CPF/CNPJ already used by another supplier of the agency with 'has already been taken'", async () => {
    const token = await t.tokenFor(DEMO.users.admin);
    const before = await t.deps.db.supplier.count();
    const cnpj = await createSupplier(token, { kind: 'organization', name: 'Cópia Ltda', cnpj: '11222333000181', service_types: ['air'] });
    expect(cnpj.statusCode).toBe(400);
    expect(cnpj.json().errors).toEqual({ cnpj: [TAKEN_MESSAGE] });
    expect(serverErrorText(cnpj.json(), 400).text).toBe('cnpj já está em uso');
    const cpf = await createSupplier(token, { kind: 'person', name: 'Outro João', cpf: CPF_GUIA, service_types: ['air'] });
    expect(cpf.json().errors).toEqual({ cpf: [TAKEN_MESSAGE] });
    expect(serverErrorText(cpf.json(), 400)).toEqual({ text: 'cpf já está em uso', cpfInUse: true });
    expect(await t.deps.db.supplier.count()).toBe(before);
  });

  it('answers two racing creates with the same CNPJ as the check would: one supplier, one taken', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const body = { kind: 'organization', name: 'Corrida Viagens', cnpj: CNPJ_HOLDER, service_types: ['cruise'] };
    const replies = await Promise.all([createSupplier(token, body), createSupplier(token, body), createSupplier(token, body)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    for (const r of replies.filter((r) => r.statusCode === 400)) expect(r.json().errors).toEqual({ cnpj: [TAKEN_MESSAGE] });
    expect(await t.deps.db.supplier.count({ where: { cnpj: '45723174000110' } })).toBe(1);
  });

  it('lets another agency use the same CNPJ (unique per agency)', async () => {
    const token = await t.tokenFor(DEMO.users.outraOwner);
    const res = await createSupplier(token, {
      kind: 'organization',
      name: 'São José da Outra',
      cnpj: CNPJ_SAO_JOSE,
      service_types: ['air'],
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a Pix key that is not of its type, a key without its type and a type without its key', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const base = { kind: 'organization', name: 'Pix Errado', service_types: ['other'] };
    const wrong = await createSupplier(token, { ...base, pix_key_type: 'cnpj', pix_key: 'financeiro@pix.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ pix_key: [PIX_KEY_MESSAGE] });
    const cpfAsCnpj = await createSupplier(token, { ...base, pix_key_type: 'cnpj', pix_key: CPF_GUIA });
    expect(cpfAsCnpj.json().errors).toEqual({ pix_key: [PIX_KEY_MESSAGE] });
    const noType = await createSupplier(token, { ...base, pix_key: PIX_RANDOM });
    expect(Object.keys(noType.json().errors)).toEqual(['pix_key_type']);
    const noKey = await createSupplier(token, { ...base, pix_key_type: 'random' });
    expect(Object.keys(noKey.json().errors)).toEqual(['pix_key']);
    const random = await createSupplier(token, { ...base, pix_key_type: 'random', pix_key: PIX_RANDOM });
    expect(random.json().pix_key).toBe(PIX_RANDOM.toLowerCase());
  });
});

describe('GET /api/suppliers', () => {
  it('searches every word blind to accents, case and punctuation by name, trade name, e-mail and CPF/CNPJ (formatted or not)', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    await createSupplier(token, {
      kind: 'organization',
      name: 'Mar Azul Cruzeiros',
      cnpj: CNPJ_MAR_AZUL,
      email: 'vendas@marazul.com',
      service_types: ['cruise', 'accommodation'],
    });
    const search = async (term: string) =>
      names((await t.call('GET', `/api/suppliers?per_page=50&search=${encodeURIComponent(term)}`, { token })).json());
    expect(await search('sao jose')).toEqual(['São José Turismo Ltda']);
    expect(await search('SÃO JOSÉ')).toEqual(['São José Turismo Ltda']);
    expect(await search('sj recep')).toEqual(['São José Turismo Ltda']);
    expect(await search('joao araujo')).toEqual(['Guia João Araújo']);
    expect(await search('ão')).toEqual(['Guia João Araújo', 'São José Turismo Ltda']);
    expect(await search('VENDAS@marazul')).toEqual(['Mar Azul Cruzeiros']);
    expect(await search(CNPJ_MAR_AZUL)).toEqual(['Mar Azul Cruzeiros']);
    expect(await search('06990590')).toEqual(['Mar Azul Cruzeiros']);
    expect(await search('529.982')).toEqual(['Guia João Araújo']);
    expect(await search('nada disso')).toEqual([]);
    expect(await search('cruzeiros, MAR')).toEqual(['Mar Azul Cruzeiros']);
    // '_' and '%' are punctuation between words, never LIKE wildcards.
    expect(await search('azul_%')).toEqual(['Mar Azul Cruzeiros']);
    expect(await search('azul_x')).toEqual([]);
  });

  it('filters by kind, service type and status, and pages by name with the list fields only', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const list = async (query: string) => (await t.call('GET', `/api/suppliers?${query}`, { token })).json();
    expect(names(await list('kind=person'))).toEqual(['Guia João Araújo', 'Motorista Zé']);
    expect(names(await list('service_type=accommodation'))).toEqual(['Mar Azul Cruzeiros', 'São José Turismo Ltda']);
    expect(names(await list('service_type=cruise&kind=organization'))).toEqual(['Corrida Viagens', 'Mar Azul Cruzeiros']);
    expect(names(await list('service_type=cruise&search=mar'))).toEqual(['Mar Azul Cruzeiros']);
    const all = await list('per_page=50');
    expect(all.pagination.total_count).toBe(6);
    expect(all.suppliers[0]).not.toHaveProperty('contacts');
    expect(Object.keys(all.suppliers[0]).sort()).toEqual(
      [
        'client_id',
        'cnpj',
        'cpf',
        'created_at',
        'email',
        'id',
        'is_active',
        'is_favorite',
        'kind',
        'name',
        'phone',
        'service_types',
        'trade_name',
      ].sort(),
    );
    const page = await list('per_page=4&page=2');
    expect(names(page)).toEqual(['Pix Errado', 'São José Turismo Ltda']);
    expect(page.pagination).toEqual({
      current_page: 2,
      per_page: 4,
      total_pages: 2,
      total_count: 6,
      has_next_page: false,
      has_prev_page: true,
    });
    expect((await list('')).pagination).toMatchObject({ current_page: 1, per_page: 6 });
    const bad = await t.call('GET', '/api/suppliers?is_active=maybe&service_type=trem&per_page=0', { token });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['is_active', 'per_page', 'service_type']);
  });
});

describe('PATCH /api/suppliers/{id}', () => {
  it('changes the fields sent, replaces contacts and the address as blocks, and keeps the document rules', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const created = (
      await createSupplier(token, {
        kind: 'organization',
        name: 'Hotel Serra Verde',
        service_types: ['accommodation'],
        address: ADDRESS,
        pix_key_type: 'email',
        pix_key: 'pix@serraverde.com',
        contacts: [{ name: 'Um' }, { name: 'Dois' }],
      })
    ).json();
    const res = await t.call('PATCH', `/api/suppliers/${created.id}`, {
      token,
      body: {
        name: 'Hotel Serra Verde Resort',
        commission_basis_points: 800,
        contacts: [{ name: 'Três', role: 'Financeiro' }],
        address: { city: 'Gramado', state: 'RS' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Hotel Serra Verde Resort',
      commission_basis_points: 800,
      service_types: ['accommodation'],
      pix_key: 'pix@serraverde.com',
      contacts: [{ name: 'Três', role: 'Financeiro' }],
      address: { postal_code: null, street: null, city: 'Gramado', state: 'RS' },
    });
    expect(await t.deps.db.supplierContact.count({ where: { supplierId: created.id } })).toBe(1);
    const cleared = await t.call('PATCH', `/api/suppliers/${created.id}`, {
      token,
      body: { address: null, pix_key_type: null, pix_key: null },
    });
    expect(cleared.json()).toMatchObject({ address: null, pix_key_type: null, pix_key: null, contacts: [{ name: 'Três' }] });

    const taken = await t.call('PATCH', `/api/suppliers/${created.id}`, { token, body: { cnpj: CNPJ_MAR_AZUL } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ cnpj: [TAKEN_MESSAGE] });
    const wrongKind = await t.call('PATCH', `/api/suppliers/${created.id}`, { token, body: { cpf: CPF_MOTORISTA } });
    expect(wrongKind.json().errors).toEqual({ cpf: ['só pode ser informado para pessoa física'] });
    const fixedKind = await t.call('PATCH', `/api/suppliers/${created.id}`, { token, body: { kind: 'person' } });
    expect(Object.keys(fixedKind.json().errors)).toEqual(['kind']);
    const pix = await t.call('PATCH', `/api/suppliers/${created.id}`, { token, body: { pix_key_type: 'phone', pix_key: 'x@y.com' } });
    expect(pix.json().errors).toEqual({ pix_key: [PIX_KEY_MESSAGE] });
    const noTypes = await t.call('PATCH', `/api/suppliers/${created.id}`, { token, body: { service_types: [] } });
    expect(Object.keys(noTypes.json().errors)).toEqual(['service_types']);
    expect(await t.deps.db.supplier.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      name: 'Hotel Serra Verde Resort',
      cnpj: null,
      cpf: null,
      pixKey: null,
      serviceTypes: ['accommodation'],
    });
  });

  it('is_active false deactivates (the row stays, the status filter finds it) and true reactivates', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const id = (await createSupplier(token, { kind: 'person', name: 'Seguradora Inativa', service_types: ['insurance'] })).json().id;
    const off = await t.call('PATCH', `/api/suppliers/${id}`, { token, body: { is_active: false } });
    expect(off.json()).toMatchObject({ id, is_active: false, name: 'Seguradora Inativa' });
    const ids = async (q: string) =>
      (await t.call('GET', `/api/suppliers?per_page=50&${q}`, { token })).json().suppliers.map((s: { id: number }) => s.id);
    expect(await ids('is_active=false')).toEqual([id]);
    expect(await ids('is_active=true')).not.toContain(id);
    const on = await t.call('PATCH', `/api/suppliers/${id}`, { token, body: { is_active: true } });
    expect(on.json()).toMatchObject({ id, is_active: true });
  });
});

describe('PUT /api/suppliers/enable-client/{id}', () => {
  it('creates a client of the same kind with the name, document, e-mail, phone and complete address; idempotent', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const [supplier] = (await t.call('GET', '/api/suppliers?search=sao%20jose', { token })).json().suppliers;
    const clientsBefore = await t.deps.db.client.count();
    const res = await t.call('PUT', `/api/suppliers/enable-client/${supplier.id}`, { token });
    expect(res.statusCode).toBe(200);
    const clientId = res.json().client_id;
    expect(clientId).toEqual(expect.any(Number));
    expect(res.json()).toMatchObject({ id: supplier.id, name: 'São José Turismo Ltda' });
    const client = (await t.call('GET', `/api/clients/${clientId}`, { token })).json();
    expect(client).toMatchObject({
      kind: 'organization',
      name: 'São José Turismo Ltda',
      cnpj: '11222333000181',
      cpf: null,
      email: 'reservas@saojose.com.br',
      phone: '(11) 3333-4444',
      is_active: true,
      addresses: [{ postal_code: '01001000', street: 'Praça da Sé', number: '100', complement: 'sala 2', city: 'São Paulo', state: 'SP' }],
    });
    const again = await t.call('PUT', `/api/suppliers/enable-client/${supplier.id}`, { token });
    expect(again.json().client_id).toBe(clientId);
    expect(await t.deps.db.client.count()).toBe(clientsBefore + 1);
    expect((await t.call('GET', `/api/suppliers/${supplier.id}`, { token })).json().client_id).toBe(clientId);
  });

  it("links the agency's client with the same CPF instead of creating one; an incomplete address is left out", async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const existing = (
      await t.call('POST', '/api/clients', { token, body: { kind: 'person', name: 'João Cliente', cpf: CPF_GUIA } })
    ).json();
    const [guia] = (await t.call('GET', '/api/suppliers?search=joao%20araujo', { token })).json().suppliers;
    const linked = await t.call('PUT', `/api/suppliers/enable-client/${guia.id}`, { token });
    expect(linked.json().client_id).toBe(existing.id);

    const hotel = (await t.call('GET', '/api/suppliers?search=serra%20verde', { token })).json().suppliers[0];
    await t.call('PATCH', `/api/suppliers/${hotel.id}`, { token, body: { address: { city: 'Gramado', state: 'RS' } } });
    const created = await t.call('PUT', `/api/suppliers/enable-client/${hotel.id}`, { token });
    const client = (await t.call('GET', `/api/clients/${created.json().client_id}`, { token })).json();
    expect(client).toMatchObject({ kind: 'organization', name: 'Hotel Serra Verde Resort', cnpj: null, addresses: [] });
  });

  it('two racing calls make one client', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const id = (await createSupplier(token, { kind: 'person', name: 'Corrida Pessoa', service_types: ['other'] })).json().id;
    const clientsBefore = await t.deps.db.client.count();
    const replies = await Promise.all([1, 2, 3].map(() => t.call('PUT', `/api/suppliers/enable-client/${id}`, { token })));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(replies.map((r) => r.json().client_id)).size).toBe(1);
    expect(await t.deps.db.client.count()).toBe(clientsBefore + 1);
  });
});

describe('tenant isolation', () => {
  it("another agency's token gets 404 on GET, PATCH and enable-client, changes nothing and never lists the row", async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const outra = await t.tokenFor(DEMO.users.outraOwner);
    const id = (
      await createSupplier(owner, {
        kind: 'organization',
        name: 'Fornecedor Secreto',
        service_types: ['air'],
        contacts: [{ name: 'Sigilo' }],
      })
    ).json().id;
    const before = await t.deps.db.supplier.findUniqueOrThrow({ where: { id }, include: { contacts: true } });
    const clientsBefore = await t.deps.db.client.count();
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/suppliers/${id}`],
      ['PATCH', `/api/suppliers/${id}`, { name: 'Invadido', contacts: [], is_active: false }],
      ['PUT', `/api/suppliers/enable-client/${id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method, url, { token: outra, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Não encontrado');
    }
    expect(await t.deps.db.supplier.findUniqueOrThrow({ where: { id }, include: { contacts: true } })).toEqual(before);
    expect(await t.deps.db.client.count()).toBe(clientsBefore);
    const list = (await t.call('GET', '/api/suppliers?per_page=100', { token: outra })).json();
    expect(names(list)).toEqual(['São José da Outra']);
    expect(names((await t.call('GET', '/api/suppliers?search=secreto', { token: outra })).json())).toEqual([]);
  });

  it('refuses calls without a token', async () => {
    expect((await t.call('GET', '/api/suppliers')).statusCode).toBe(401);
    expect((await t.call('PUT', '/api/suppliers/enable-client/1')).statusCode).toBe(401);
  });
});
