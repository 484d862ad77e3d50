import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverErrorText } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { FILES, multipart } from '../../../test/multipart';

// The postal-code service is a local fake server; its address is only known once it listens,
// so this hook (registered before useTestApp's) fills the env the app is built with.
const env: Record<string, string> = { DATA_DIR: mkdtempSync(join(tmpdir(), 'clients-test-')), POSTAL_CODE_TIMEOUT_MS: '300' };
let viaCep: Server;
const viaCepCalls: string[] = [];
beforeAll(async () => {
  viaCep = createServer((req, res) => {
    viaCepCalls.push(req.url ?? '');
    const cep = req.url?.split('/')[2]; // /ws/{cep}/json/
    if (cep === '01001000') {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          cep: '01001-000',
          logradouro: 'Praça da Sé',
          complemento: 'lado ímpar',
          bairro: 'Sé',
          localidade: 'São Paulo',
          uf: 'SP',
        }),
      );
    } else if (cep === '99999999') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ erro: 'true' }));
    } else if (cep === '22222222') {
      setTimeout(() => res.end('{}'), 2000); // slower than the timeout
    } else {
      res.statusCode = 500;
      res.end('boom');
    }
  });
  await new Promise<void>((resolve) => viaCep.listen(0, '127.0.0.1', resolve));
  env.POSTAL_CODE_API_URL = `http://127.0.0.1:${(viaCep.address() as AddressInfo).port}/ws`;
});
afterAll(() => {
  viaCep.closeAllConnections();
  viaCep.close();
});

const t = useTestApp(env);

// Valid check digits, unused by the seed.
const CPF_ANA = '529.982.247-25';
const CPF_BRUNO = '111.444.777-35';
const CNPJ_VIAGENS = '11.222.333/0001-81';

async function createClient(token: string, body: Record<string, unknown>) {
  return t.call('POST', '/api/clients', { token, body });
}

describe('POST /api/clients', () => {
  it('creates a person with contacts, addresses and documents; CPF stored as digits', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const res = await createClient(token, {
      kind: 'person',
      name: 'Ana Souza',
      cpf: CPF_ANA,
      email: 'ANA@Exemplo.com',
      phone: '(11) 99999-0000',
      birth_date: '1990-05-17',
      contacts: [{ name: 'Carlos Souza', relationship: 'Cônjuge', phone: '11988887777' }],
      addresses: [{ postal_code: '01001-000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' }],
      documents: [{ type: 'passport', number: 'FZ123456', issued_at: '2020-01-10', expires_at: '2030-01-09' }],
    });
    expect(res.statusCode).toBe(200);
    const client = res.json();
    expect(client).toMatchObject({
      kind: 'person',
      name: 'Ana Souza',
      cpf: '52998224725',
      cnpj: null,
      email: 'ana@exemplo.com',
      birth_date: '1990-05-17',
      is_active: true,
      contacts: [{ name: 'Carlos Souza', relationship: 'Cônjuge' }],
      addresses: [{ postal_code: '01001000', city: 'São Paulo', state: 'SP', complement: null }],
      // Masked: the full number only through the recorded reveal (personal-data tests).
      documents: [{ type: 'passport', number: 'FZ•••456', issued_at: '2020-01-10', expires_at: '2030-01-09' }],
      attachments: [],
    });
    expect((await t.call('GET', `/api/clients/${client.id}`, { token })).json()).toEqual(client);
  });

  it('creates an organization with a CNPJ', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const res = await createClient(token, { kind: 'organization', name: 'Viagens Corporativas Ltda', cnpj: CNPJ_VIAGENS });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'organization', cnpj: '11222333000181', cpf: null });
  });

  it("refuses a CPF already used in the agency with 'has already been taken' (the CPF-in-use flag) and creates nothing", async () => {
    const token = await t.tokenFor(DEMO.users.admin);
    const before = await t.deps.db.client.count();
    const res = await createClient(token, { kind: 'person', name: 'Outra Ana', cpf: '52998224725' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ cpf: ['has already been taken'] });
    expect(serverErrorText(res.json(), 400)).toEqual({ text: 'cpf já está em uso', cpfInUse: true });
    const cnpj = await createClient(token, { kind: 'organization', name: 'Copia Ltda', cnpj: CNPJ_VIAGENS });
    expect(cnpj.json().errors).toEqual({ cnpj: ['has already been taken'] });
    expect(await t.deps.db.client.count()).toBe(before);
  });

  it('lets another agency use the same CPF (unique per agency)', async () => {
    const token = await t.tokenFor(DEMO.users.outraOwner);
    const res = await createClient(token, { kind: 'person', name: 'Ana da Outra', cpf: CPF_ANA });
    expect(res.statusCode).toBe(200);
  });

  it('answers bad input with field errors and creates nothing', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const before = await t.deps.db.client.count();
    const res = await createClient(token, {
      kind: 'person',
      name: 'A',
      cpf: '123.456.789-00',
      email: 'not-an-email',
      company_id: 1,
      addresses: [{ postal_code: '0100', street: 'Rua', number: '1', neighborhood: 'Centro', city: 'X', state: 'ZZ' }],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'addresses.0.postal_code',
      'addresses.0.state',
      'company_id',
      'cpf',
      'email',
      'name',
    ]);
    expect(res.json().errors.cpf).toEqual(['não é válido']);
    const kind = await createClient(token, { kind: 'organization', name: 'Empresa', cpf: CPF_BRUNO });
    expect(kind.json().errors).toEqual({ cpf: ['só pode ser informado para pessoa física'] });
    expect(await t.deps.db.client.count()).toBe(before);
  });
});

describe('GET /api/clients', () => {
  it('searches by name, e-mail and CPF/CNPJ (formatted or not), paginated with the list fields', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    await createClient(token, { kind: 'person', name: 'Bruno Lima', cpf: CPF_BRUNO, email: 'bruno@lima.com' });
    const names = async (query: string) =>
      (await t.call('GET', `/api/clients?${query}`, { token })).json().clients.map((c: { name: string }) => c.name);
    expect(await names('search=souza')).toEqual(['Ana Souza']);
    expect(await names('search=BRUNO%40lima')).toEqual(['Bruno Lima']);
    expect(await names(`search=${encodeURIComponent('111.444')}`)).toEqual(['Bruno Lima']);
    expect(await names('search=11222333')).toEqual(['Viagens Corporativas Ltda']);
    expect(await names('kind=organization')).toEqual(['Viagens Corporativas Ltda']);
    const page = (await t.call('GET', '/api/clients?per_page=2&page=2', { token })).json();
    expect(page.clients.map((c: { name: string }) => c.name)).toEqual(['Viagens Corporativas Ltda']);
    expect(page.pagination).toEqual({
      current_page: 2,
      per_page: 2,
      total_pages: 2,
      total_count: 3,
      has_next_page: false,
      has_prev_page: true,
    });
    const bad = await t.call('GET', '/api/clients?is_active=maybe&per_page=0', { token });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['is_active', 'per_page']);
  });

  it('defaults to page 1 of 6', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    expect((await t.call('GET', '/api/clients', { token })).json().pagination).toMatchObject({ current_page: 1, per_page: 6 });
  });

  it('searches blind to accents, case and punctuation, for short and long words alike', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    for (const name of ['Íris Ñandú Viagens 50%', 'Íris Ñandú Viagens 500', 'Otto Sub_Linha', 'Otto SubXLinha']) {
      expect((await createClient(token, { kind: 'person', name })).statusCode).toBe(200);
    }
    const names = async (search: string) =>
      (await t.call('GET', `/api/clients?per_page=50&search=${encodeURIComponent(search)}`, { token }))
        .json()
        .clients.map((c: { name: string }) => c.name);
    // Words of three letters or more read the trigram index, shorter ones are tested on the rows: the same answers.
    expect(await names('ÍRIS ñandú')).toEqual(['Íris Ñandú Viagens 50%', 'Íris Ñandú Viagens 500']);
    expect(await names('iris nandu')).toEqual(['Íris Ñandú Viagens 50%', 'Íris Ñandú Viagens 500']);
    expect(await names('ÑA')).toEqual(['Ana Souza', 'Íris Ñandú Viagens 50%', 'Íris Ñandú Viagens 500']);
    expect(await names('DÚ V')).toEqual(['Íris Ñandú Viagens 50%', 'Íris Ñandú Viagens 500']);
    // % and _ are punctuation between words, never LIKE wildcards (as in every list's search).
    expect(await names('gens 50%')).toEqual(['Íris Ñandú Viagens 50%', 'Íris Ñandú Viagens 500']);
    expect(await names('500 %')).toEqual(['Íris Ñandú Viagens 500']);
    expect(await names('linha_SUB')).toEqual(['Otto SubXLinha', 'Otto Sub_Linha']);
    expect(await names('b_x')).toEqual(['Otto SubXLinha']);
  });

  it('finds CPF, CNPJ and phone with or without punctuation, and a renamed client under its new name', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const joao = (
      await createClient(token, { kind: 'person', name: 'João Gonçalves', cpf: '390.533.447-05', phone: '(11) 98765-4321' })
    ).json();
    const names = async (search: string) =>
      (await t.call('GET', `/api/clients?per_page=50&search=${encodeURIComponent(search)}`, { token }))
        .json()
        .clients.map((c: { name: string }) => c.name);
    for (const term of ['390.533.447-05', '39053344705', '533.447', '(11) 98765-4321', '11987654321', '98765-4321', '+55 11 98765']) {
      expect(await names(term), term).toEqual(term.startsWith('+55') ? [] : ['João Gonçalves']);
    }
    expect(await names('joao goncalves')).toEqual(['João Gonçalves']);
    expect(await names('JOÃO')).toEqual(['João Gonçalves']);
    await t.call('PATCH', `/api/clients/${joao.id}`, { token, body: { name: 'João Gonçalves Prado' } });
    expect(await names('goncalves prado')).toEqual(['João Gonçalves Prado']);
  });
});

describe('PATCH, DELETE and reopen', () => {
  it('edits fields, replaces a list, and keeps the CPF rules', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const id = (await createClient(token, { kind: 'person', name: 'Carla Dias', contacts: [{ name: 'Um' }, { name: 'Dois' }] })).json().id;
    const res = await t.call('PATCH', `/api/clients/${id}`, {
      token,
      body: { name: 'Carla Dias Melo', contacts: [{ name: 'Três', email: 'tres@x.com' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Carla Dias Melo', contacts: [{ name: 'Três', email: 'tres@x.com' }] });
    expect(await t.deps.db.clientContact.count({ where: { clientId: id } })).toBe(1);

    const taken = await t.call('PATCH', `/api/clients/${id}`, { token, body: { cpf: CPF_ANA } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ cpf: ['has already been taken'] });
    const cnpj = await t.call('PATCH', `/api/clients/${id}`, { token, body: { cnpj: CNPJ_VIAGENS, kind: 'organization' } });
    expect(Object.keys(cnpj.json().errors).sort()).toEqual(['kind']);
    const wrongKind = await t.call('PATCH', `/api/clients/${id}`, { token, body: { cnpj: '06.990.590/0001-23' } });
    expect(wrongKind.json().errors).toEqual({ cnpj: ['só pode ser informado para pessoa jurídica'] });
    expect(await t.deps.db.client.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: 'Carla Dias Melo', cpf: null, cnpj: null });
  });

  it('DELETE deactivates (the row stays) and PUT reopen reactivates', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const id = (await createClient(token, { kind: 'person', name: 'Daniel Rocha' })).json().id;
    const off = await t.call('DELETE', `/api/clients/${id}`, { token });
    expect(off.json()).toMatchObject({ id, is_active: false });
    const inactive = (await t.call('GET', '/api/clients?is_active=false', { token })).json().clients.map((c: { id: number }) => c.id);
    expect(inactive).toContain(id);
    const on = await t.call('PUT', `/api/clients/reopen/${id}`, { token });
    expect(on.json()).toMatchObject({ id, is_active: true });
  });
});

describe('attachments', () => {
  it('uploads a PDF, downloads it back, refuses other types, and removes it', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const id = (await createClient(token, { kind: 'person', name: 'Eva Nunes' })).json().id;
    const upload = multipart({}, [{ filename: 'passaporte.pdf', contentType: 'application/pdf', data: FILES.pdf }]);
    const res = await t.call('POST', `/api/clients/${id}/attachments`, { token, body: upload.body, headers: upload.headers });
    expect(res.statusCode).toBe(200);
    const [attachment] = res.json().attachments;
    expect(attachment).toMatchObject({ filename: 'passaporte.pdf', content_type: 'application/pdf', size: FILES.pdf.length });

    const download = await t.call('POST', '/api/clients/download_attachment', { token, body: { attachment_id: attachment.id } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('passaporte.pdf');
    expect(download.rawPayload.equals(FILES.pdf)).toBe(true);

    // A GIF renamed .pdf is still a GIF.
    const gif = multipart({}, [{ filename: 'falso.pdf', contentType: 'application/pdf', data: FILES.gif }]);
    const refused = await t.call('POST', `/api/clients/${id}/attachments`, { token, body: gif.body, headers: gif.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ file: ['Tipo de arquivo não suportado (use PDF, JPEG, PNG ou WebP)'] });
    expect((await t.call('POST', '/api/clients/download_attachment', { token, body: { attachment_id: 'x' } })).statusCode).toBe(400);

    const removed = await t.call('DELETE', `/api/clients/${id}/attachments/${attachment.id}`, { token });
    expect(removed.json().attachments).toEqual([]);
    expect((await t.call('POST', '/api/clients/download_attachment', { token, body: { attachment_id: attachment.id } })).statusCode).toBe(
      404,
    );
  });
});

describe('tenant isolation', () => {
  it("another agency's token gets 404 on every client route and changes nothing", async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const outra = await t.tokenFor(DEMO.users.outraOwner);
    const id = (await createClient(owner, { kind: 'person', name: 'Fábio Reis' })).json().id;
    const upload = multipart({}, [{ filename: 'doc.pdf', contentType: 'application/pdf', data: FILES.pdf }]);
    const attachmentId = (
      await t.call('POST', `/api/clients/${id}/attachments`, { token: owner, body: upload.body, headers: upload.headers })
    ).json().attachments[0].id;
    const before = await t.deps.db.client.findUniqueOrThrow({ where: { id }, include: { attachments: true, contacts: true } });

    const calls: [string, string, unknown?][] = [
      ['GET', `/api/clients/${id}`],
      ['PATCH', `/api/clients/${id}`, { name: 'Invadido', contacts: [] }],
      ['DELETE', `/api/clients/${id}`],
      ['PUT', `/api/clients/reopen/${id}`],
      ['DELETE', `/api/clients/${id}/attachments/${attachmentId}`],
      ['POST', '/api/clients/download_attachment', { attachment_id: attachmentId }],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method, url, { token: outra, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Não encontrado');
    }
    const sneaky = multipart({}, [{ filename: 'x.pdf', contentType: 'application/pdf', data: FILES.pdf }]);
    expect(
      (await t.call('POST', `/api/clients/${id}/attachments`, { token: outra, body: sneaky.body, headers: sneaky.headers })).statusCode,
    ).toBe(404);
    expect(await t.deps.db.client.findUniqueOrThrow({ where: { id }, include: { attachments: true, contacts: true } })).toEqual(before);
    const list = (await t.call('GET', '/api/clients?per_page=100', { token: outra })).json();
    expect(list.clients.map((c: { name: string }) => c.name)).toEqual(['Ana da Outra']);
  });

  it('refuses calls without a token', async () => {
    expect((await t.call('GET', '/api/clients')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/clients/download_attachment', { body: { attachment_id: 1 } })).statusCode).toBe(401);
  });
});

describe('GET /api/postal-codes/{cep}', () => {
  it('returns the address from the postal-code service', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const res = await t.call('GET', '/api/postal-codes/01001-000', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      postal_code: '01001000',
      street: 'Praça da Sé',
      complement: 'lado ímpar',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(viaCepCalls).toContain('/ws/01001000/json/');
  });

  it('answers 404 for an unknown CEP, 400 for a malformed one, 502 when the service fails or is slow', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    expect((await t.call('GET', '/api/postal-codes/99999999', { token })).statusCode).toBe(404);
    const bad = await t.call('GET', '/api/postal-codes/123', { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ cep: ['não é válido'] });
    expect((await t.call('GET', '/api/postal-codes/33333333', { token })).statusCode).toBe(502);
    const started = Date.now();
    expect((await t.call('GET', '/api/postal-codes/22222222', { token })).statusCode).toBe(502);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('PATCH lists (the client form sends contacts and documents as whole lists)', () => {
  it('clears a list sent empty, keeps one left out, and answers row errors by row path changing nothing', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const id = (
      await createClient(token, {
        kind: 'person',
        name: 'Eva Lopes',
        contacts: [{ name: 'Rui Lopes', relationship: 'Cônjuge' }],
        documents: [{ type: 'passport', number: 'YB000111', expires_at: '2031-05-01' }],
      })
    ).json().id;

    const cleared = await t.call('PATCH', `/api/clients/${id}`, { token, body: { documents: [] } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ documents: [], contacts: [{ name: 'Rui Lopes', relationship: 'Cônjuge' }] });

    const bad = await t.call('PATCH', `/api/clients/${id}`, {
      token,
      body: {
        contacts: [{ name: 'Rui Lopes' }, { name: 'Ana', email: 'ana@exemplo.c' }],
        documents: [{ type: 'visa', number: 'V1', issued_at: '2026-02-01', expires_at: '2026-01-01' }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['contacts.1.email', 'documents.0.expires_at']);
    expect(bad.json().errors['documents.0.expires_at']).toEqual(['deve ser igual ou posterior à data de emissão']);
    expect(await t.deps.db.clientContact.findMany({ where: { clientId: id }, select: { name: true, relationship: true } })).toEqual([
      { name: 'Rui Lopes', relationship: 'Cônjuge' },
    ]);
    expect(await t.deps.db.clientDocument.count({ where: { clientId: id } })).toBe(0);
  });
});
