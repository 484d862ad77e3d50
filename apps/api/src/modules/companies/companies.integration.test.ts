import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { FILES, multipart } from '../../../test/multipart';

const t = useTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'companies-test-')) });

let owner: string;
let demoId: number;
let outraId: number;

async function uploadPng(token: string): Promise<{ key: string; url: string }> {
  const form = multipart({}, [{ filename: 'logo.png', contentType: 'image/png', data: FILES.png }]);
  const res = await t.call('POST', '/api/uploads/image', { token, body: form.body, headers: form.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

beforeAll(async () => {
  owner = await t.tokenFor(DEMO.users.owner);
  demoId = (await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.demo } })).id;
  outraId = (await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.outra } })).id;
});

describe('PATCH /api/companies/{id}', () => {
  it('the owner edits the contact customers see, logo included; GET shows it back', async () => {
    const logo = await uploadPng(owner);
    const body = {
      logo_key: logo.key,
      contact_email: 'contato@demo.test',
      phone: '(11) 3333-4444',
      whatsapp: '(11) 91234-5678',
      website: 'https://demo.example.com',
      instagram: '@agenciademo',
      city: 'São Paulo',
      state: 'SP',
    };
    const res = await t.call('PATCH', `/api/companies/${demoId}`, { token: owner, body });
    expect(res.statusCode).toBe(200);
    const expected = {
      id: demoId,
      name: DEMO.companies.demo,
      subdomain: 'demo',
      logo_url: logo.url,
      contact_email: 'contato@demo.test',
      phone: '(11) 3333-4444',
      whatsapp: '(11) 91234-5678',
      website: 'https://demo.example.com',
      instagram: '@agenciademo',
      city: 'São Paulo',
      state: 'SP',
    };
    expect(res.json()).toMatchObject(expected);
    expect((await t.call('GET', `/api/companies/${demoId}`, { token: owner })).json()).toMatchObject(expected);

    // Omitted fields stay; null clears one (the logo too).
    const cleared = await t.call('PATCH', `/api/companies/${demoId}`, { token: owner, body: { logo_key: null, instagram: null } });
    expect(cleared.json()).toMatchObject({ ...expected, logo_url: null, instagram: null });
  });

  it('only the owner: administrador and colaborador are refused, nothing changes', async () => {
    const before = await t.deps.db.company.findUniqueOrThrow({ where: { id: demoId } });
    for (const email of [DEMO.users.admin, DEMO.users.colaborador]) {
      const res = await t.call('PATCH', `/api/companies/${demoId}`, { token: await t.tokenFor(email), body: { name: 'Tomada' } });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.deps.db.company.findUniqueOrThrow({ where: { id: demoId } })).name).toBe(before.name);
  });

  it("another agency's id answers 404, like a missing one", async () => {
    const res = await t.call('PATCH', `/api/companies/${outraId}`, { token: owner, body: { name: 'Invadida' } });
    expect(res.statusCode).toBe(404);
    expect((await t.call('PATCH', '/api/companies/999999', { token: owner, body: { name: 'Nenhuma' } })).statusCode).toBe(404);
    expect((await t.deps.db.company.findUniqueOrThrow({ where: { id: outraId } })).name).toBe(DEMO.companies.outra);
  });

  it('bad input is a 400 with field errors and changes nothing', async () => {
    const before = await t.deps.db.company.findUniqueOrThrow({ where: { id: demoId } });
    const bad = await t.call('PATCH', `/api/companies/${demoId}`, {
      token: owner,
      body: { name: 'X', contact_email: 'não-é-email', website: 'ftp://demo.test', state: 'ZZ', is_system: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'contact_email', 'website', 'state']));

    // A logo must be an image this agency uploaded: another agency's, or a key made up, is refused.
    const outraLogo = await uploadPng(await t.tokenFor(DEMO.users.outraOwner));
    const missing = `images/${demoId}/00000000-0000-0000-0000-000000000000.png`;
    for (const logo_key of [outraLogo.key, missing, 'images/../../etc/passwd']) {
      const res = await t.call('PATCH', `/api/companies/${demoId}`, { token: owner, body: { name: 'Nova Demo', logo_key } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ logo_key: ['não foi encontrado'] });
    }
    const after = await t.deps.db.company.findUniqueOrThrow({ where: { id: demoId } });
    expect(after).toEqual(before);
  });
});
