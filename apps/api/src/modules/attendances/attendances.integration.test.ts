import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { businessDate } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, FIRST_OF_TWO_PAGES, useTestApp } from '../../../test/harness';
import { FILES, multipart } from '../../../test/multipart';

const t = useTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'attendances-test-')) });

const DAY = 86_400_000;
const dateFromToday = (days: number) => businessDate(new Date(Date.now() + days * DAY));

let owner: string;
let colab: string;
let outra: string;
let clientId: number;
let otherClientId: number;
let outraClientId: number;
let adminId: number;
let colabId: number;

beforeAll(async () => {
  owner = await t.tokenFor(DEMO.users.owner);
  colab = await t.tokenFor(DEMO.users.colaborador);
  outra = await t.tokenFor(DEMO.users.outraOwner);
  clientId = (await t.call('POST', '/api/clients', { token: owner, body: { kind: 'person', name: 'Helena Prado' } })).json().id;
  otherClientId = (await t.call('POST', '/api/clients', { token: owner, body: { kind: 'organization', name: 'Grupo Ômega' } })).json().id;
  outraClientId = (await t.call('POST', '/api/clients', { token: outra, body: { kind: 'person', name: 'Cliente da Outra' } })).json().id;
  adminId = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.admin } })).id;
  colabId = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } })).id;
});

async function create(token: string, body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/attendances', { token, body: { client_id: clientId, title: 'Viagem', ...body } });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
  return res.json();
}

async function logsOf(id: number, token = owner) {
  return (await t.call('GET', `/api/attendances/${id}/logs?per_page=50`, { token })).json().logs as {
    action: string;
    changes: Record<string, unknown>;
    user: { name: string };
  }[];
}

describe('POST /api/uploads/image and the cover image', () => {
  it('stores a PNG, serves it back at an unguessable URL, and uses it as a cover', async () => {
    const form = multipart({}, [{ filename: 'capa.png', contentType: 'image/png', data: FILES.png }]);
    const res = await t.call('POST', '/api/uploads/image', { token: colab, body: form.body, headers: form.headers });
    expect(res.statusCode).toBe(200);
    const { url, key } = res.json();
    expect(key).toMatch(/^images\/\d+\/[0-9a-f-]{36}\.png$/);
    expect(url).toBe(`/api/uploads/${key}`);
    const image = await t.call('GET', url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(FILES.png)).toBe(true);

    const attendance = await create(colab, { cover_image_key: key });
    expect(attendance).toMatchObject({ cover_image_key: key, cover_image_url: url });
    // Another agency cannot attach this agency's image (nor a key it made up).
    const stolen = await t.call('POST', '/api/attendances', {
      token: outra,
      body: { client_id: outraClientId, title: 'Roubo', cover_image_key: key },
    });
    expect(stolen.json().errors).toEqual({ cover_image_key: ['não foi encontrado'] });
  });

  it('refuses other types, files over 5 MB, a missing file and a missing token', async () => {
    const gif = multipart({}, [{ filename: 'a.png', contentType: 'image/png', data: FILES.gif }]);
    const wrongType = await t.call('POST', '/api/uploads/image', { token: colab, body: gif.body, headers: gif.headers });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toEqual({ file: ['Formato de imagem não suportado (use JPEG, PNG ou WebP)'] });

    const big = Buffer.concat([FILES.png, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = multipart({}, [{ filename: 'big.png', contentType: 'image/png', data: big }]);
    const res = await t.call('POST', '/api/uploads/image', { token: colab, body: tooBig.body, headers: tooBig.headers });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual({ file: ['A imagem deve ter no máximo 5 MB'] });

    const empty = multipart({ note: 'x' });
    expect((await t.call('POST', '/api/uploads/image', { token: colab, body: empty.body, headers: empty.headers })).statusCode).toBe(400);
    expect((await t.call('POST', '/api/uploads/image', { token: colab, body: { file: 'x' } })).json().errors).toEqual({
      file: ['Envie um arquivo no campo file'],
    });
    const png = multipart({}, [{ filename: 'a.png', contentType: 'image/png', data: FILES.png }]);
    expect((await t.call('POST', '/api/uploads/image', { body: png.body, headers: png.headers })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/uploads/images/1/00000000-0000-0000-0000-000000000000.png')).statusCode).toBe(404);
  });
});

describe('POST /api/attendances', () => {
  it('opens an attendance owned by the caller, with travel wishes, and logs its creation', async () => {
    const res = await t.call('POST', '/api/attendances', {
      token: colab,
      body: {
        client_id: clientId,
        title: 'Lua de mel em Lisboa',
        destination: 'Lisboa',
        start_date: dateFromToday(30),
        end_date: dateFromToday(40),
        adults: 2,
        budget_min_cents: 1_500_000,
        budget_max_cents: 2_500_000,
        value_cents: 2_000_000,
      },
    });
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({
      client_id: clientId,
      client: { id: clientId, name: 'Helena Prado', kind: 'person' },
      owner_user_id: colabId,
      owner: { name: 'Colab Demo' },
      status: 'open',
      status_tag: null,
      adults: 2,
      children: 0,
      infants: 0,
      value_cents: 2_000_000,
      closed_at: null,
    });
    const [log] = await logsOf(a.id);
    expect(log).toMatchObject({ action: 'created', user: { name: 'Colab Demo' } });
    expect(log?.changes.title).toEqual({ from: null, to: 'Lua de mel em Lisboa' });
    expect((await t.call('GET', `/api/attendances/${a.id}`, { token: owner })).json()).toEqual(a);
  });

  it('answers bad input with field errors and creates nothing', async () => {
    const before = await t.deps.db.attendance.count();
    const res = await t.call('POST', '/api/attendances', {
      token: owner,
      body: {
        client_id: clientId,
        title: 'X',
        start_date: '2026-02-30',
        budget_min_cents: 10.5,
        value_cents: -1,
        status: 'won',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['budget_min_cents', 'start_date', 'status', 'title', 'value_cents']);
    const ranges = await t.call('POST', '/api/attendances', {
      token: owner,
      body: {
        client_id: clientId,
        title: 'Datas',
        start_date: '2026-05-10',
        end_date: '2026-05-01',
        budget_min_cents: 500,
        budget_max_cents: 100,
      },
    });
    expect(ranges.json().errors).toEqual({
      end_date: ['deve ser igual ou posterior à data inicial'],
      budget_max_cents: ['deve ser maior ou igual ao orçamento mínimo'],
    });
    const foreign = await t.call('POST', '/api/attendances', {
      token: owner,
      body: { client_id: outraClientId, title: 'Cliente alheio', owner_user_id: 999_999 },
    });
    expect(foreign.json().errors).toEqual({ client_id: ['não foi encontrado'], owner_user_id: ['não foi encontrado'] });
    expect(await t.deps.db.attendance.count()).toBe(before);
  });

  it('refuses an inactive client', async () => {
    const id = (await t.call('POST', '/api/clients', { token: owner, body: { kind: 'person', name: 'Inativo Silva' } })).json().id;
    await t.call('DELETE', `/api/clients/${id}`, { token: owner });
    const res = await t.call('POST', '/api/attendances', { token: owner, body: { client_id: id, title: 'Não pode' } });
    expect(res.json().errors).toEqual({ client_id: ['está inativo'] });
  });
});

describe('PATCH and update-owner', () => {
  it('changes fields and logs each change with who, what (from/to) and when; an empty change logs nothing', async () => {
    const a = await create(owner, { destination: 'Recife', value_cents: 100_000 });
    const res = await t.call('PATCH', `/api/attendances/${a.id}`, {
      token: colab,
      body: { destination: 'Natal', value_cents: 150_000, client_id: otherClientId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ destination: 'Natal', value_cents: 150_000, client: { name: 'Grupo Ômega' } });
    await t.call('PATCH', `/api/attendances/${a.id}`, { token: colab, body: { destination: 'Natal' } });
    const logs = await logsOf(a.id);
    expect(logs.map((l) => l.action)).toEqual(['updated', 'created']);
    expect(logs[0]).toMatchObject({
      user: { name: 'Colab Demo' },
      changes: {
        destination: { from: 'Recife', to: 'Natal' },
        value_cents: { from: 100_000, to: 150_000 },
        client_id: { from: clientId, to: otherClientId },
      },
    });
  });

  it('refuses status, owner or company changes through PATCH, and inconsistent dates against stored ones', async () => {
    const a = await create(owner, { start_date: '2027-01-10' });
    const res = await t.call('PATCH', `/api/attendances/${a.id}`, {
      token: owner,
      body: { status: 'won', owner_user_id: adminId, company_id: 1 },
    });
    expect(Object.keys(res.json().errors).sort()).toEqual(['company_id', 'owner_user_id', 'status']);
    const dates = await t.call('PATCH', `/api/attendances/${a.id}`, { token: owner, body: { end_date: '2027-01-01' } });
    expect(dates.json().errors).toEqual({ end_date: ['deve ser igual ou posterior à data inicial'] });
    expect((await t.call('GET', `/api/attendances/${a.id}`, { token: owner })).json()).toEqual(a);
    expect((await logsOf(a.id)).length).toBe(1);
  });

  it('hands the attendance to another user of the agency, logged', async () => {
    const a = await create(owner, {});
    const res = await t.call('PUT', `/api/attendances/update-owner/${a.id}`, { token: owner, body: { owner_user_id: adminId } });
    expect(res.json()).toMatchObject({ owner_user_id: adminId, owner: { name: 'Admin Demo' } });
    const [log] = await logsOf(a.id);
    expect(log).toMatchObject({ action: 'owner_changed', changes: { owner_user_id: { to: adminId } } });
    const outraOwnerId = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.outraOwner } })).id;
    const foreign = await t.call('PUT', `/api/attendances/update-owner/${a.id}`, { token: owner, body: { owner_user_id: outraOwnerId } });
    expect(foreign.json().errors).toEqual({ owner_user_id: ['não foi encontrado'] });
    expect((await t.call('PUT', `/api/attendances/update-owner/${a.id}`, { token: owner, body: {} })).json().errors).toHaveProperty(
      'owner_user_id',
    );
  });
});

describe('funnel moves: won, lost, cancel, reopen', () => {
  it('wins (with the final value), cancels the sale, reopens; every move logged; wrong moves are 409', async () => {
    const a = await create(owner, { value_cents: 300_000 });
    const won = await t.call('PUT', `/api/attendances/won/${a.id}`, { token: colab, body: { value_cents: 320_000 } });
    expect(won.json()).toMatchObject({ status: 'won', value_cents: 320_000 });
    expect(won.json().closed_at).not.toBeNull();
    const again = await t.call('PUT', `/api/attendances/lost/${a.id}`, { token: colab });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Só é possível marcar como perdido um atendimento em aberto.');
    expect((await t.call('PUT', `/api/attendances/cancel/${a.id}`, { token: colab })).json()).toMatchObject({ status: 'canceled' });
    expect((await t.call('PUT', `/api/attendances/reopen/${a.id}`, { token: colab })).json()).toMatchObject({
      status: 'open',
      closed_at: null,
    });
    expect((await t.call('PUT', `/api/attendances/reopen/${a.id}`, { token: colab })).statusCode).toBe(409);
    const logs = await logsOf(a.id);
    expect(logs.map((l) => l.action)).toEqual(['reopened', 'canceled', 'won', 'created']);
    expect(logs[2]?.changes).toMatchObject({ status: { from: 'open', to: 'won' }, value_cents: { from: 300_000, to: 320_000 } });
  });

  it('loses with a reason and reopens, clearing it', async () => {
    const a = await create(owner, {});
    const lost = await t.call('PUT', `/api/attendances/lost/${a.id}`, { token: owner, body: { lost_reason: 'Preço acima do orçamento' } });
    expect(lost.json()).toMatchObject({ status: 'lost', lost_reason: 'Preço acima do orçamento' });
    expect((await t.call('PUT', `/api/attendances/cancel/${a.id}`, { token: owner })).statusCode).toBe(409);
    expect((await t.call('PUT', `/api/attendances/reopen/${a.id}`, { token: owner })).json()).toMatchObject({
      status: 'open',
      lost_reason: null,
    });
    const bad = await t.call('PUT', `/api/attendances/lost/${a.id}`, { token: owner, body: { lost_reason: 'x'.repeat(501) } });
    expect(bad.json().errors).toHaveProperty('lost_reason');
  });

  it('paginates the logs, newest first', async () => {
    const a = await create(owner, {});
    await t.call('PATCH', `/api/attendances/${a.id}`, { token: owner, body: { title: 'Um' } });
    await t.call('PATCH', `/api/attendances/${a.id}`, { token: owner, body: { title: 'Dois' } });
    const page = (await t.call('GET', `/api/attendances/${a.id}/logs?per_page=2&page=1`, { token: owner })).json();
    expect(page.logs.map((l: { changes: { title?: { to: string } } }) => l.changes.title?.to)).toEqual(['Dois', 'Um']);
    expect(page.pagination).toEqual(FIRST_OF_TWO_PAGES);
  });
});

describe('GET /api/attendances', () => {
  it('lists newest first, 6 per page by default, with the pagination block', async () => {
    const res = (await t.call('GET', '/api/attendances', { token: owner })).json();
    expect(res.attendances).toHaveLength(6);
    const total = await t.deps.db.attendance.count({ where: { company: { name: DEMO.companies.demo } } });
    expect(res.pagination).toEqual({
      current_page: 1,
      per_page: 6,
      total_pages: Math.ceil(total / 6),
      total_count: total,
      has_next_page: total > 6,
      has_prev_page: false,
    });
    const ids = res.attendances.map((a: { id: number }) => a.id);
    expect([...ids].sort((x: number, y: number) => y - x)).toEqual(ids);
  });

  it('filters by status, owner, client, search, travel dates and expired', async () => {
    const client = (await t.call('POST', '/api/clients', { token: owner, body: { kind: 'person', name: 'Ivo Filtro' } })).json().id;
    const past = await create(owner, { client_id: client, title: 'Bariloche', start_date: dateFromToday(-3) });
    const future = await create(owner, { client_id: client, title: 'Cancún', start_date: dateFromToday(60), owner_user_id: adminId });
    const lost = await create(owner, { client_id: client, title: 'Orlando', start_date: dateFromToday(-10) });
    await t.call('PUT', `/api/attendances/lost/${lost.id}`, { token: owner });
    const ids = async (query: string) =>
      (await t.call('GET', `/api/attendances?client_id=${client}&${query}`, { token: owner }))
        .json()
        .attendances.map((a: { id: number }) => a.id);
    expect(await ids('')).toEqual([lost.id, future.id, past.id]);
    expect(await ids('status=lost')).toEqual([lost.id]);
    expect(await ids('status=expired')).toEqual([past.id]);
    expect(await ids(`owner_user_id=${adminId}`)).toEqual([future.id]);
    expect(await ids('search=canc')).toEqual([future.id]);
    expect(await ids('search=ivo%20filtro')).toEqual([lost.id, future.id, past.id]);
    expect(await ids('search=%25')).toEqual([lost.id, future.id, past.id]); // punctuation, no word: as no search
    expect(await ids(`search=${past.id}`)).toEqual([past.id]); // a number also finds the id
    expect(await ids(`start_date_from=${dateFromToday(-5)}&start_date_to=${dateFromToday(0)}`)).toEqual([past.id]);
    const list = (await t.call('GET', `/api/attendances?client_id=${client}`, { token: owner })).json().attendances;
    expect(list.find((a: { id: number }) => a.id === past.id)).toMatchObject({
      status_tag: 'expired',
      client_name: 'Ivo Filtro',
      owner_name: 'Dona Demo',
    });
    expect(list.find((a: { id: number }) => a.id === lost.id).status_tag).toBeNull();
    const bad = await t.call('GET', '/api/attendances?status=closed&owner_user_id=abc&start_date_from=10/01/2026&page=0', { token: owner });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['owner_user_id', 'page', 'start_date_from', 'status']);
  });

  it('searches every word blind to accents, case and punctuation, for short and long words alike, and follows a renamed client', async () => {
    const client = (await t.call('POST', '/api/clients', { token: owner, body: { kind: 'person', name: 'Conceição Araújo' } })).json().id;
    const cancun = await create(owner, { client_id: client, title: 'Férias', destination: 'Cancún' });
    const percent = await create(owner, { client_id: client, title: 'Promo 50% Nordeste' });
    const promo500 = await create(owner, { client_id: client, title: 'Promo 500 Nordeste' });
    const underscore = await create(owner, { client_id: client, title: 'Pacote Fun_Trip' });
    const funx = await create(owner, { client_id: client, title: 'Pacote FunXTrip' });
    const ids = async (search: string) =>
      (await t.call('GET', `/api/attendances?client_id=${client}&per_page=50&search=${encodeURIComponent(search)}`, { token: owner }))
        .json()
        .attendances.map((a: { id: number }) => a.id);
    // Words of three letters or more read the trigram index, shorter ones are tested on the rows: the same answers.
    expect(await ids('CANCÚN')).toEqual([cancun.id]);
    expect(await ids('cancun')).toEqual([cancun.id]);
    expect(await ids('ÚN')).toEqual([funx.id, underscore.id, cancun.id]);
    expect(await ids('férias cancun')).toEqual([cancun.id]);
    expect(await ids('cancun FÉRIAS')).toEqual([cancun.id]);
    // % and _ are punctuation between words, never LIKE wildcards.
    expect(await ids('promo 50%')).toEqual([promo500.id, percent.id]);
    expect(await ids('500% promo')).toEqual([promo500.id]);
    expect(await ids('%')).toHaveLength(5);
    expect(await ids('FUN_trip')).toEqual([funx.id, underscore.id]);
    expect(await ids('trip_x')).toEqual([funx.id]);
    expect(await ids('conceicao araujo')).toHaveLength(5); // the client's name
    expect(await ids('CONCEIÇÃO')).toHaveLength(5);
    expect(await ids('ca')).toHaveLength(5);
    await t.call('PATCH', `/api/clients/${client}`, { token: owner, body: { name: 'Maria Gonçalves' } });
    expect(await ids('goncalves')).toHaveLength(5);
    expect(await ids('conceicao')).toEqual([]);
  });
});

describe('opened and closed days (the dashboard links)', () => {
  // Days are the agency's (São Paulo, UTC-3): 01:30 UTC is still the day before there.
  const at = (iso: string) => new Date(iso);
  let lateNight: number;
  let morning: number;
  let won: number;
  let lost: number;

  beforeAll(async () => {
    const client = (await t.call('POST', '/api/clients', { token: owner, body: { kind: 'person', name: 'Dora Dias' } })).json().id;
    const move = (id: number, data: { createdAt: Date; status?: 'won' | 'lost'; closedAt?: Date }) =>
      t.deps.db.attendance.update({ where: { id }, data });
    lateNight = (await create(colab, { client_id: client, title: 'Madrugada' })).id;
    morning = (await create(owner, { client_id: client, title: 'Manhã' })).id;
    won = (await create(owner, { client_id: client, title: 'Ganho' })).id;
    lost = (await create(owner, { client_id: client, title: 'Perdido' })).id;
    await move(lateNight, { createdAt: at('2020-03-10T01:30:00Z') });
    await move(morning, { createdAt: at('2020-03-10T03:30:00Z') });
    await move(won, { createdAt: at('2020-03-11T12:00:00Z'), status: 'won', closedAt: at('2020-03-12T02:00:00Z') });
    await move(lost, { createdAt: at('2020-03-11T12:00:00Z'), status: 'lost', closedAt: at('2020-03-12T03:00:00Z') });
  });

  const list = async (query: string, token = owner) => {
    const res = await t.call('GET', `/api/attendances?per_page=50&${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { ids: body.attendances.map((a: { id: number }) => a.id), total: body.pagination.total_count };
  };

  it('created_from/created_to keep the attendances opened on those São Paulo days, counted from the rows', async () => {
    expect(await list('created_from=2020-03-09&created_to=2020-03-09')).toEqual({ ids: [lateNight], total: 1 });
    expect(await list('created_from=2020-03-10&created_to=2020-03-10')).toEqual({ ids: [morning], total: 1 });
    expect(await list('created_from=2020-03-09&created_to=2020-03-11')).toEqual({ ids: [lost, won, morning, lateNight], total: 4 });
    expect(await list('created_to=2020-03-09')).toEqual({ ids: [lateNight], total: 1 });
    expect(await list(`created_from=2020-03-09&created_to=2020-03-11&owner_user_id=${colabId}`)).toEqual({ ids: [lateNight], total: 1 });
    expect(await list('created_from=2020-03-11&created_to=2020-03-11&status=open')).toEqual({ ids: [], total: 0 });
    // The other agency sees none of these.
    expect(await list('created_from=2020-03-09&created_to=2020-03-11', outra)).toEqual({ ids: [], total: 0 });
  });

  it('closed_from/closed_to keep the ones won or lost on those days; with a status, the dashboard figure', async () => {
    expect(await list('closed_from=2020-03-11&closed_to=2020-03-11&status=won')).toEqual({ ids: [won], total: 1 });
    expect(await list('closed_from=2020-03-12&closed_to=2020-03-12&status=lost')).toEqual({ ids: [lost], total: 1 });
    expect(await list('closed_from=2020-03-11&closed_to=2020-03-11&status=lost')).toEqual({ ids: [], total: 0 });
    expect(await list('closed_from=2020-03-11&closed_to=2020-03-12')).toEqual({ ids: [lost, won], total: 2 });
    expect((await list('closed_from=2020-03-11&closed_to=2020-03-12', outra)).total).toBe(0);
  });

  it('the funnel, its big numbers and its balance take the same filters, their totals counted from the rows', async () => {
    const res = await t.call('GET', '/api/attendances/funnel?created_from=2020-03-09&created_to=2020-03-11', { token: owner });
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json();
    expect(f.negotiations.open.pagination.total_count).toBe(2);
    expect(f.negotiations.open.cards.map((c: { id: number }) => c.id)).toEqual([morning, lateNight]);
    expect(f.sales.won.pagination.total_count).toBe(1);
    expect(f.losses.lost.pagination.total_count).toBe(1);
    const balance = await t.call('GET', '/api/attendances/funnel/balance?created_from=2020-03-10&created_to=2020-03-10', { token: owner });
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json().negotiations.total_attendances).toBe(1);
    const closed = await t.call('GET', '/api/attendances/funnel?closed_from=2020-03-12&closed_to=2020-03-12', { token: owner });
    expect(closed.json().losses.lost.pagination.total_count).toBe(1);
    expect(closed.json().sales.won.pagination.total_count).toBe(0);
  });

  it('refuses a range given backwards (400 on its last day) on the list, the funnel and its balance', async () => {
    for (const path of ['/api/attendances', '/api/attendances/funnel', '/api/attendances/funnel/balance']) {
      const res = await t.call('GET', `${path}?created_from=2020-03-11&created_to=2020-03-09&closed_from=2020-03-12&closed_to=2020-03-11`, {
        token: owner,
      });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors, path).toEqual({
        created_to: ['A data final deve ser igual ou posterior à inicial.'],
        closed_to: ['A data final deve ser igual ou posterior à inicial.'],
      });
    }
  });

  it('answers a day that is not a date with 400 and the field errors', async () => {
    const res = await t.call('GET', '/api/attendances?created_from=10/03/2020&closed_to=ontem', { token: owner });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['closed_to', 'created_from']);
    expect(res.json().message).toEqual(expect.any(String));
    const funnel = await t.call('GET', '/api/attendances/funnel?created_to=2020-02-30', { token: owner });
    expect(funnel.statusCode).toBe(400);
    expect(Object.keys(funnel.json().errors)).toEqual(['created_to']);
  });
});

describe('a search that matches more than a person reads', () => {
  it('counts a name shared by many to the cap ("mais de 100"), keeps paging, and caps the funnel the same way', async () => {
    const shared = (await t.call('POST', '/api/clients', { token: owner, body: { kind: 'person', name: 'Família Souzândia' } })).json().id;
    const ownerId = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } })).id;
    const company = (await t.deps.db.client.findUniqueOrThrow({ where: { id: shared } })).companyId;
    await t.deps.db.$executeRaw`
      INSERT INTO attendances (company_id, client_id, owner_user_id, title, created_at, updated_at)
      SELECT ${company}, ${shared}, ${ownerId}, 'Viagem ' || n, now() - n * interval '1 minute', now() FROM generate_series(1, 130) n`;
    const list = async (search: string, page: number) =>
      (await t.call('GET', `/api/attendances?search=${encodeURIComponent(search)}&page=${page}`, { token: colab })).json();
    for (const term of ['souzandia', 'SOUZÂNDIA']) {
      const first = await list(term, 1);
      expect(first.attendances.map((a: { title: string }) => a.title)).toEqual([
        'Viagem 1',
        'Viagem 2',
        'Viagem 3',
        'Viagem 4',
        'Viagem 5',
        'Viagem 6',
      ]);
      expect(first.pagination).toEqual({
        current_page: 1,
        per_page: 6,
        total_pages: 17,
        total_count: 100,
        has_next_page: true,
        has_prev_page: false,
        total_count_capped: true,
      });
    }
    // Asking for a page past the cap counts to it, one page further each time.
    expect((await list('souzandia', 17)).pagination).toMatchObject({
      total_count: 102,
      total_pages: 18,
      has_next_page: true,
      total_count_capped: true,
    });
    const last = await list('souzandia', 22);
    expect(last.attendances.map((a: { title: string }) => a.title)).toEqual(['Viagem 127', 'Viagem 128', 'Viagem 129', 'Viagem 130']);
    expect(last.pagination).toMatchObject({ total_count: 130, total_pages: 22, has_next_page: false });
    expect(last.pagination.total_count_capped).toBeUndefined();
    const past = await list('souzandia', 40);
    expect(past.attendances).toEqual([]);
    expect(past.pagination).toMatchObject({ total_count: 130, total_pages: 22, has_next_page: false });
    // A short term scans instead of reading the trigram index: the same count.
    expect((await list('ândia', 1)).pagination).toMatchObject({ total_count: 100, total_count_capped: true });
    const funnel = (await t.call('GET', '/api/attendances/funnel?search=souzandia', { token: colab })).json();
    expect(funnel.negotiations.open.pagination).toMatchObject({ total_count: 100, total_count_capped: true, has_next_page: true });
    expect(funnel.negotiations.open.cards).toHaveLength(6);
    expect(funnel.sales.won.pagination).toMatchObject({ total_count: 0, has_next_page: false });
    // Another agency's search sees none of them.
    expect((await t.call('GET', '/api/attendances?search=souzandia', { token: outra })).json().pagination.total_count).toBe(0);
  });
});

describe('GET /api/attendances/deal/{id}', () => {
  it('returns the attendance as a funnel deal', async () => {
    const a = await create(owner, { value_cents: 450_000, start_date: dateFromToday(-1) });
    const deal = (await t.call('GET', `/api/attendances/deal/${a.id}`, { token: colab })).json();
    expect(deal).toMatchObject({
      id: a.id,
      price: 450_000,
      currency: 'BRL',
      group: 'negotiations',
      status: 'open',
      status_tag: 'expired',
      client: { name: 'Helena Prado' },
    });
    await t.call('PUT', `/api/attendances/won/${a.id}`, { token: colab });
    expect((await t.call('GET', `/api/attendances/deal/${a.id}`, { token: colab })).json()).toMatchObject({
      group: 'sales',
      status_tag: null,
    });
  });
});

describe('consolidated', () => {
  it('updates the consolidated document (multipart) and notes, logged, and serves the file to the agency only', async () => {
    const a = await create(owner, { destination: 'Paris', value_cents: 900_000 });
    const empty = (await t.call('GET', `/api/attendances/consolidated/${a.id}`, { token: owner })).json();
    expect(empty).toMatchObject({
      attendance_id: a.id,
      destination: 'Paris',
      value_cents: 900_000,
      notes: null,
      file: null,
      updated_at: null,
    });

    const form = multipart({ notes: 'Roteiro final enviado' }, [
      { filename: 'roteiro.pdf', contentType: 'application/pdf', data: FILES.pdf },
    ]);
    const res = await t.call('PATCH', `/api/attendances/consolidated/${a.id}`, { token: colab, body: form.body, headers: form.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      notes: 'Roteiro final enviado',
      file: {
        filename: 'roteiro.pdf',
        content_type: 'application/pdf',
        size: FILES.pdf.length,
        url: `/api/attendances/consolidated/${a.id}/file`,
      },
    });
    expect((await t.call('GET', `/api/attendances/consolidated/${a.id}`, { token: owner })).json()).toEqual(res.json());
    const file = await t.call('GET', `/api/attendances/consolidated/${a.id}/file`, { token: owner });
    expect(file.rawPayload.equals(FILES.pdf)).toBe(true);
    expect((await t.call('GET', `/api/attendances/consolidated/${a.id}/file`)).statusCode).toBe(401);
    const [log] = await logsOf(a.id);
    expect(log).toMatchObject({ action: 'consolidated_updated', changes: { consolidated_file: { from: null, to: 'roteiro.pdf' } } });

    const gif = multipart({}, [{ filename: 'x.pdf', contentType: 'application/pdf', data: FILES.gif }]);
    expect(
      (await t.call('PATCH', `/api/attendances/consolidated/${a.id}`, { token: colab, body: gif.body, headers: gif.headers })).statusCode,
    ).toBe(400);
    const unknown = multipart({ value_cents: '1' });
    const bad = await t.call('PATCH', `/api/attendances/consolidated/${a.id}`, {
      token: colab,
      body: unknown.body,
      headers: unknown.headers,
    });
    expect(bad.json().errors).toEqual({ value_cents: ['não é permitido'] });
    expect((await logsOf(a.id)).length).toBe(2);
  });
});

describe('tenant isolation', () => {
  it("another agency's token gets 404 on every attendance route and changes nothing", async () => {
    const a = await create(owner, { value_cents: 100 });
    const before = await t.deps.db.attendance.findUniqueOrThrow({ where: { id: a.id } });
    const logCount = await t.deps.db.attendanceLog.count({ where: { attendanceId: a.id } });
    const form = multipart({ notes: 'invasão' }, [{ filename: 'x.pdf', contentType: 'application/pdf', data: FILES.pdf }]);
    const calls: [string, string, unknown?, Record<string, string>?][] = [
      ['GET', `/api/attendances/${a.id}`],
      ['GET', `/api/attendances/deal/${a.id}`],
      ['PATCH', `/api/attendances/${a.id}`, { title: 'Invadido' }],
      ['PUT', `/api/attendances/update-owner/${a.id}`, { owner_user_id: adminId }],
      ['GET', `/api/attendances/consolidated/${a.id}`],
      ['PATCH', `/api/attendances/consolidated/${a.id}`, form.body, form.headers],
      ['GET', `/api/attendances/consolidated/${a.id}/file`],
      ['PUT', `/api/attendances/won/${a.id}`],
      ['PUT', `/api/attendances/lost/${a.id}`],
      ['PUT', `/api/attendances/cancel/${a.id}`],
      ['PUT', `/api/attendances/reopen/${a.id}`],
      ['GET', `/api/attendances/${a.id}/logs`],
    ];
    for (const [method, url, body, headers] of calls) {
      const res = await t.call(method, url, { token: outra, body, headers });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Não encontrado');
    }
    expect(await t.deps.db.attendance.findUniqueOrThrow({ where: { id: a.id } })).toEqual(before);
    expect(await t.deps.db.attendanceLog.count({ where: { attendanceId: a.id } })).toBe(logCount);
    const list = (await t.call('GET', '/api/attendances?per_page=100', { token: outra })).json();
    expect(list.attendances).toEqual([]);
    expect((await t.call('GET', `/api/attendances?client_id=${clientId}`, { token: outra })).json().pagination.total_count).toBe(0);
  });

  it('a missing attendance answers exactly like a foreign one', async () => {
    const res = await t.call('GET', '/api/attendances/999999', { token: outra });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Não encontrado');
    expect((await t.call('GET', '/api/attendances/abc', { token: outra })).statusCode).toBe(400);
  });
});
