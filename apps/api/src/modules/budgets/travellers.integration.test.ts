// Passengers from the first contact to the sale, through HTTP against the real database: the
// attendance's head count and children's ages become the budget's passengers, a client picked as a
// passenger gives its birth date, documents and contact (another client replaces them), saved
// companions are offered first, and the travel checks flag passports, visas and minors with dates.
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
const tokens = { owner: '', outra: '' };

/** A reply's JSON, typed as JSON.parse types it. */
type Json = ReturnType<typeof JSON.parse>;

async function ok(res: LightMyRequestResponse, status = 200): Promise<Json> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const call = (method: string, url: string, body?: unknown, token = tokens.owner) => t.call(method, url, { token, body });

async function client(body: Json, token = tokens.owner): Promise<number> {
  return (await ok(await call('POST', '/api/clients', { kind: 'person', ...body }, token))).id;
}
async function attendance(body: Json, token = tokens.owner): Promise<Json> {
  return ok(await call('POST', '/api/attendances', { title: 'Férias em família', ...body }, token));
}
async function budget(body: Json, token = tokens.owner): Promise<Json> {
  return ok(await call('POST', '/api/budgets/', body, token));
}
const patchBudget = (id: number, body: Json) => call('PATCH', `/api/budgets/${id}`, body);
const checks = async (id: number) => ok(await call('GET', `/api/budgets/${id}/travel-checks`));

const TRIP = { start_date: '2027-07-10', end_date: '2027-07-24' };
const ids = { marina: 0, rafael: 0, bia: 0, avo: 0, outra: 0 };

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  ids.marina = await client({
    name: 'Marina Souza',
    cpf: '529.982.247-25',
    email: 'marina@exemplo.test',
    phone: '(11) 98765-4321',
    birth_date: '1988-03-15',
    documents: [
      { type: 'rg', number: '12.345.678-9' },
      { type: 'passport', number: 'FX100200', country: 'BR', issued_at: '2018-01-10', expires_at: '2027-12-01' },
      { type: 'passport', number: 'FX999000', country: 'BR', issued_at: '2012-01-10', expires_at: '2022-01-09' },
    ],
  });
  ids.rafael = await client({
    name: 'Rafael Souza',
    birth_date: '1986-09-02',
    documents: [{ type: 'passport', number: 'GB555111', country: 'PT', expires_at: '2027-07-01' }],
  });
  ids.bia = await client({
    name: 'Beatriz Souza',
    birth_date: '2020-02-10',
    documents: [{ type: 'passport', number: 'FZ000777', country: 'BR', expires_at: '2030-02-10' }],
  });
  ids.avo = await client({ name: 'Vó Lúcia', documents: [{ type: 'rg', number: '98.765.432-1' }] });
  ids.outra = await client({ name: 'Cliente da Outra' }, tokens.outra);
});

describe('the attendance asks the children’s ages', () => {
  it('keeps one age per child, logs them, and refuses ages that do not match the children counted', async () => {
    const a = await attendance({ client_id: ids.marina, adults: 2, children: 2, children_ages: [7, 13], ...TRIP });
    expect(a).toMatchObject({ adults: 2, children: 2, children_ages: [7, 13], infants: 0 });
    const logs = await ok(await call('GET', `/api/attendances/${a.id}/logs`));
    expect(logs.logs[0].changes.children_ages).toEqual({ from: null, to: '7, 13' });

    const short = await call('POST', '/api/attendances', { client_id: ids.marina, title: 'Sem idade', children: 2, children_ages: [7] });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ children_ages: ['Informe uma idade para cada uma das 2 crianças.'] });
    const old = await call('POST', '/api/attendances', { client_id: ids.marina, title: 'Idade alta', children: 1, children_ages: [18] });
    expect(Object.keys(old.json().errors)).toEqual(['children_ages.0']);
    // A PATCH is checked against the saved fields: one child fewer needs its ages again.
    const fewer = await call('PATCH', `/api/attendances/${a.id}`, { children: 1 });
    expect(fewer.json().errors).toEqual({ children_ages: ['Informe a idade da criança.'] });
    const changed = await ok(await call('PATCH', `/api/attendances/${a.id}`, { children: 1, children_ages: [8] }));
    expect(changed).toMatchObject({ children: 1, children_ages: [8] });
    // Ages stay optional: a count alone is still an attendance.
    expect(await attendance({ client_id: ids.marina, children: 1 })).toMatchObject({ children: 1, children_ages: [] });
  });
});

describe('head counts become the budget’s passengers', () => {
  it('2 adults and a child of 7: three passengers to be named, the child in its age group with its age', async () => {
    const a = await attendance({ client_id: ids.marina, adults: 2, children: 1, children_ages: [7], ...TRIP });
    const b = await budget({ attendance_id: a.id });
    expect(b.paxes).toMatchObject([
      { name: 'Adulto 1', age_group: 'adult', age: null, client_id: null, position: 0 },
      { name: 'Adulto 2', age_group: 'adult', age: null, position: 1 },
      { name: 'Criança 1', age_group: 'child', age: 7, position: 2 },
    ]);
    const passengers = await ok(await call('GET', `/api/budgets/${b.id}/passengers`));
    expect(passengers.budget).toEqual({ adult: 2, child: 1, infant: 0, total: 3 });
  });

  it('each child by its age (13 pays as an adult, 1 as an infant), infants, and paxes sent instead', async () => {
    const a = await attendance({ client_id: ids.marina, adults: 1, children: 3, children_ages: [13, 1, 4], infants: 1 });
    const b = await budget({ attendance_id: a.id });
    expect(b.paxes.map((p: Json) => [p.name, p.age_group, p.age])).toEqual([
      ['Adulto 1', 'adult', null],
      ['Adulto 2', 'adult', 13],
      ['Bebê 1', 'infant', 1],
      ['Criança 1', 'child', 4],
      ['Bebê 2', 'infant', null],
    ]);
    const sent = await budget({ attendance_id: a.id, paxes: [{ name: 'Só Um', age_group: 'adult' }] });
    expect(sent.paxes.map((p: Json) => p.name)).toEqual(['Só Um']);
    const none = await budget({ attendance_id: a.id, paxes: [] });
    expect(none.paxes).toEqual([]);
  });
});

describe('a client picked as a passenger', () => {
  it('gives its birth date, CPF, longest passport (number, country, validity) and contact; another client replaces them', async () => {
    const a = await attendance({ client_id: ids.marina, adults: 1, ...TRIP });
    const b = await budget({ attendance_id: a.id });
    const picked = await ok(await patchBudget(b.id, { paxes: [{ client_id: ids.marina, age_group: 'adult' }] }));
    expect(picked.paxes[0]).toEqual({
      id: expect.any(Number),
      client_id: ids.marina,
      name: 'Marina Souza',
      age_group: 'adult',
      age: null,
      birth_date: '1988-03-15',
      document_type: 'passport',
      document_number: 'FX•••200',
      document_country: 'BR',
      document_expires_at: '2027-12-01',
      cpf: '52998224725',
      email: 'marina@exemplo.test',
      phone: '(11) 98765-4321',
      position: 0,
    });
    // Another client in the same place: everything it lacks is cleared, not kept from the first.
    const replaced = await ok(await patchBudget(b.id, { paxes: [{ client_id: ids.avo, age_group: 'adult' }] }));
    expect(replaced.paxes[0]).toMatchObject({
      client_id: ids.avo,
      name: 'Vó Lúcia',
      birth_date: null,
      document_type: 'rg',
      document_number: '98•••2-1',
      document_country: null,
      document_expires_at: null,
      cpf: null,
      email: null,
      phone: null,
    });
    // Fields sent win over the client's (the agent corrected them on the budget).
    const typed = await ok(
      await patchBudget(b.id, { paxes: [{ client_id: ids.marina, age_group: 'adult', document_number: 'FX100201', email: null }] }),
    );
    expect(typed.paxes[0]).toMatchObject({ document_number: 'FX•••201', document_expires_at: '2027-12-01', email: null });
    // Another agency's client is refused on its row.
    const theirs = await patchBudget(b.id, { paxes: [{ client_id: ids.outra, age_group: 'adult' }] });
    expect(theirs.json().errors).toEqual({ 'paxes.0.client_id': ['não foi encontrado'] });
  });

  it('keeps the copied data on a duplicate', async () => {
    const a = await attendance({ client_id: ids.marina, adults: 1, ...TRIP });
    const b = await budget({ attendance_id: a.id, destination_country: 'PT', paxes: [{ client_id: ids.rafael, age_group: 'adult' }] });
    const copy = await ok(await call('POST', '/api/budgets/duplicate', { id: b.id }));
    expect(copy.destination_country).toBe('PT');
    expect(copy.paxes[0]).toMatchObject({ client_id: ids.rafael, document_number: 'GB•••111', document_country: 'PT' });
  });
});

describe('saved companions', () => {
  it('saves, lists (by relationship), changes and removes companions within the agency only', async () => {
    const url = `/api/clients/${ids.marina}/companions`;
    await ok(await call('POST', url, { companion_client_id: ids.bia, relationship: 'child' }));
    await ok(await call('POST', url, { companion_client_id: ids.avo, relationship: 'child' }));
    const list = await ok(await call('POST', url, { companion_client_id: ids.rafael, relationship: 'spouse' }));
    expect(list.companions.map((c: Json) => [c.client.name, c.relationship])).toEqual([
      ['Rafael Souza', 'spouse'],
      ['Beatriz Souza', 'child'],
      ['Vó Lúcia', 'child'],
    ]);
    // Saved again: the relationship changes, no second link.
    const fixed = await ok(await call('POST', url, { companion_client_id: ids.avo, relationship: 'parent' }));
    expect(fixed.companions.map((c: Json) => c.relationship)).toEqual(['spouse', 'child', 'parent']);
    const self = await call('POST', url, { companion_client_id: ids.marina, relationship: 'other' });
    expect(self.json().errors).toEqual({ companion_client_id: ['não pode ser o próprio cliente'] });
    const theirs = await call('POST', url, { companion_client_id: ids.outra, relationship: 'other' });
    expect(theirs.json().errors).toEqual({ companion_client_id: ['não foi encontrado'] });
    expect((await call('GET', url, undefined, tokens.outra)).statusCode).toBe(404);
    expect((await call('POST', url, { companion_client_id: ids.outra, relationship: 'child' }, tokens.outra)).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/${ids.avo}`, undefined, tokens.outra)).statusCode).toBe(404);
    const removed = await ok(await call('DELETE', `${url}/${ids.avo}`));
    expect(removed.companions.map((c: Json) => c.client.name)).toEqual(['Rafael Souza', 'Beatriz Souza']);
    expect(await ok(await call('GET', url))).toEqual(removed);
    expect((await call('DELETE', `${url}/${ids.avo}`)).statusCode).toBe(404);
  });

  it('the passenger picker offers the budget’s client and its companions first, then the other clients', async () => {
    const a = await attendance({ client_id: ids.marina, adults: 2 });
    const b = await budget({ attendance_id: a.id });
    const all = await ok(await call('GET', `/api/budgets/${b.id}/pax-candidates`));
    const first = all.candidates.slice(0, 3).map((c: Json) => [c.name, c.suggested_as]);
    expect(first).toEqual([
      ['Marina Souza', 'client'],
      ['Rafael Souza', 'spouse'],
      ['Beatriz Souza', 'child'],
    ]);
    expect(all.candidates.slice(3).every((c: Json) => c.suggested_as === null)).toBe(true);
    const lucia = await ok(await call('GET', `/api/budgets/${b.id}/pax-candidates?search=lucia`));
    expect(lucia.candidates.map((c: Json) => [c.name, c.suggested_as])).toEqual([['Vó Lúcia', null]]);
    const outra = await ok(await call('GET', `/api/budgets/${b.id}/pax-candidates?search=outra`));
    expect(outra.candidates).toEqual([]);
    expect(all.candidates[1].pax).toEqual({
      birth_date: '1986-09-02',
      cpf: null,
      email: null,
      phone: null,
      document_type: 'passport',
      document_number: 'GB•••111',
      document_country: 'PT',
      document_expires_at: '2027-07-01',
    });
    const searched = await ok(await call('GET', `/api/budgets/${b.id}/pax-candidates?search=beatriz`));
    expect(searched.candidates.map((c: Json) => [c.name, c.suggested_as])).toEqual([['Beatriz Souza', 'child']]);
    expect((await call('GET', `/api/budgets/${b.id}/pax-candidates`, undefined, tokens.outra)).statusCode).toBe(404);
  });
});

describe('GET /api/budgets/{id}/travel-checks', () => {
  it('flags passports ending before the trip or less than six months after the return, with their dates', async () => {
    const a = await attendance({ client_id: ids.marina, adults: 2, ...TRIP });
    const b = await budget({
      attendance_id: a.id,
      paxes: [
        { client_id: ids.marina, age_group: 'adult' },
        { client_id: ids.rafael, age_group: 'adult' },
        { name: 'Sem Passaporte', age_group: 'adult', document_type: 'rg', document_number: '1', document_expires_at: '2027-01-01' },
        { name: 'Passaporte Novo', age_group: 'adult', document_type: 'passport', document_expires_at: '2030-01-01' },
      ],
    });
    const res = await checks(b.id);
    expect(res).toMatchObject({ budget_id: b.id, start_date: '2027-07-10', end_date: '2027-07-24', destination_country: null, visa: null });
    expect(res.passports).toEqual([
      {
        pax_id: b.paxes[0].id,
        name: 'Marina Souza',
        position: 0,
        document_number: 'FX•••200',
        issue: 'expires_within_6_months',
        expires_at: '2027-12-01',
        limit_date: '2028-01-24',
      },
      {
        pax_id: b.paxes[1].id,
        name: 'Rafael Souza',
        position: 1,
        document_number: 'GB•••111',
        issue: 'expires_before_trip',
        expires_at: '2027-07-01',
        limit_date: '2027-07-10',
      },
    ]);
    // Without trip dates there is nothing to check a validity against.
    await ok(await patchBudget(b.id, { start_date: null, end_date: null }));
    expect((await checks(b.id)).passports).toEqual([]);
  });

  it('says what a Brazilian needs where the trip goes, with the table’s source and date, and "Confira no consulado" off the table', async () => {
    const a = await attendance({ client_id: ids.marina, adults: 1, ...TRIP });
    const b = await budget({ attendance_id: a.id, destination_country: 'US' });
    expect((await checks(b.id)).visa).toEqual({
      country: 'US',
      country_name: 'Estados Unidos',
      requirement: 'visa',
      id_card: false,
      note: expect.stringContaining('B1/B2'),
      source: expect.stringContaining('Portal Consular'),
      source_url: expect.stringMatching(/^https:\/\/www\.gov\.br\/mre\//),
      checked_at: '2025-06-01',
    });
    await ok(await patchBudget(b.id, { destination_country: 'GB' }));
    expect((await checks(b.id)).visa).toMatchObject({ requirement: 'eta' });
    await ok(await patchBudget(b.id, { destination_country: 'AR' }));
    expect((await checks(b.id)).visa).toMatchObject({ requirement: 'none', id_card: true });
    await ok(await patchBudget(b.id, { destination_country: 'KR' }));
    expect((await checks(b.id)).visa).toMatchObject({ country: 'KR', country_name: null, requirement: 'unknown', note: null });
    await ok(await patchBudget(b.id, { destination_country: 'BR' }));
    expect((await checks(b.id)).visa).toBeNull();
    const bad = await patchBudget(b.id, { destination_country: 'XX' });
    expect(Object.keys(bad.json().errors)).toEqual(['destination_country']);
  });

  it('reminds the authorisation for a minor without both parents (without either, within Brazil, under 16)', async () => {
    // Rafael saves Beatriz as his child too: with Marina's link, both parents are known.
    await ok(await call('POST', `/api/clients/${ids.rafael}/companions`, { companion_client_id: ids.bia, relationship: 'child' }));
    const a = await attendance({ client_id: ids.marina, adults: 2, children: 1, children_ages: [7], ...TRIP });
    const b = await budget({ attendance_id: a.id, destination_country: 'PT' });
    // The head count's child: not a client, so no parent is known.
    expect((await checks(b.id)).minors).toEqual([
      { pax_id: b.paxes[2].id, name: 'Criança 1', position: 2, age: 7, rule: 'abroad', parents_travelling: 0 },
    ]);
    const withMother = await ok(
      await patchBudget(b.id, {
        paxes: [
          { client_id: ids.marina, age_group: 'adult' },
          { client_id: ids.bia, age_group: 'child' },
        ],
      }),
    );
    expect((await checks(b.id)).minors).toEqual([
      { pax_id: withMother.paxes[1].id, name: 'Beatriz Souza', position: 1, age: 7, rule: 'abroad', parents_travelling: 1 },
    ]);
    // Within Brazil one parent is enough.
    await ok(await patchBudget(b.id, { destination_country: 'BR' }));
    expect((await checks(b.id)).minors).toEqual([]);
    await ok(
      await patchBudget(b.id, {
        destination_country: 'PT',
        paxes: [
          { client_id: ids.marina, age_group: 'adult' },
          { client_id: ids.rafael, age_group: 'adult' },
          { client_id: ids.bia, age_group: 'child' },
        ],
      }),
    );
    expect((await checks(b.id)).minors).toEqual([]);
  });

  it("answers 404 for another agency's budget", async () => {
    const a = await attendance({ client_id: ids.outra, title: 'Da outra' }, tokens.outra);
    const theirs = await budget({ attendance_id: a.id }, tokens.outra);
    expect((await call('GET', `/api/budgets/${theirs.id}/travel-checks`)).statusCode).toBe(404);
  });
});
