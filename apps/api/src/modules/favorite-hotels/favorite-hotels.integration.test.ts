// Favourite hotels through HTTP: create, read, replace and delete, accent-blind search and filters,
// references checked against their lists and the agency, another agency's hotel not found.
import { FAVORITE_HOTEL_MESSAGES, type FavoriteHotel, type FavoriteHotelListItem } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
const tokens = { owner: '', colab: '', outra: '' };
const ids = { demo: 0, outra: 0 };
const refs = { saoPaulo: 0, rio: 0, bb: 0, allInclusive: 0, duplo: 0, triplo: 0, inactiveDiet: 0, outraCity: 0 };
const suppliers = { demo: 0, demoInactive: 0, outra: 0 };

/** A system row of `list` by its exact name. */
async function systemRow(list: string, name: string, parentCode?: string) {
  const row = await t.deps.db.referenceItem.findFirst({
    where: { list, name, companyId: null, ...(parentCode ? { parent: { code: parentCode } } : {}) },
    select: { id: true },
  });
  if (!row) throw new Error(`no ${list} row named ${name}`);
  return row.id;
}

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  const db = t.deps.db;
  const company = async (name: string) => (await db.company.findFirstOrThrow({ where: { name }, select: { id: true } })).id;
  ids.demo = await company(DEMO.companies.demo);
  ids.outra = await company(DEMO.companies.outra);
  refs.saoPaulo = await systemRow('city_params', 'São Paulo', 'SP');
  refs.rio = await systemRow('city_params', 'Rio de Janeiro', 'RJ');
  const diets = await db.referenceItem.findMany({ where: { list: 'hotel_diet_params', companyId: null }, select: { id: true }, take: 2 });
  const rooms = await db.referenceItem.findMany({
    where: { list: 'hotel_type_room_params', companyId: null },
    select: { id: true },
    take: 2,
  });
  [refs.bb, refs.allInclusive] = diets.map((d) => d.id) as [number, number];
  [refs.duplo, refs.triplo] = rooms.map((r) => r.id) as [number, number];
  refs.inactiveDiet = (
    await db.referenceItem.create({ data: { list: 'hotel_diet_params', companyId: ids.demo, name: 'Regime antigo', isActive: false } })
  ).id;
  refs.outraCity = (await db.referenceItem.create({ data: { list: 'city_params', companyId: ids.outra, name: 'Cidade da Outra' } })).id;
  const supplier = (companyId: number, name: string, isActive = true) =>
    db.supplier.create({
      data: { companyId, kind: 'organization', name, serviceTypes: ['accommodation'], isActive },
      select: { id: true },
    });
  suppliers.demo = (await supplier(ids.demo, 'Operadora Sol')).id;
  suppliers.demoInactive = (await supplier(ids.demo, 'Operadora Antiga', false)).id;
  suppliers.outra = (await supplier(ids.outra, 'Operadora da Outra')).id;
});

type Answer = { favorite_hotel: FavoriteHotel };

async function create(body: Record<string, unknown>, token = tokens.colab): Promise<FavoriteHotel> {
  const res = await t.call('POST', '/api/favorite-hotels', { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Answer).favorite_hotel;
}

async function list(query: string, token = tokens.colab): Promise<{ favorite_hotels: FavoriteHotelListItem[]; pagination: unknown }> {
  const res = await t.call('GET', `/api/favorite-hotels?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const names = (page: { favorite_hotels: FavoriteHotelListItem[] }) => page.favorite_hotels.map((h) => h.name);

describe('favourite hotels CRUD', () => {
  it('creates a hotel in a city of the list with its diets, room types and supplier, wrapped in favorite_hotel', async () => {
    const res = await t.call('POST', '/api/favorite-hotels', {
      token: tokens.colab,
      body: {
        name: '  Hotel Fasano São Paulo ',
        city_id: refs.saoPaulo,
        stars: 5,
        address: 'Rua Vittorio Fasano, 88 - Jardins',
        phone: '(11) 3896-4000',
        email: 'reservas@fasano.test',
        website: 'https://fasano.test',
        supplier_id: suppliers.demo,
        notes: 'Pedir quarto alto.',
        diet_ids: [refs.bb, refs.allInclusive, refs.bb],
        room_type_ids: [refs.duplo],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { favorite_hotel: hotel } = res.json() as Answer;
    expect(hotel).toMatchObject({
      name: 'Hotel Fasano São Paulo',
      city: { id: refs.saoPaulo, name: 'São Paulo', state: 'SP' },
      location: null,
      stars: 5,
      address: 'Rua Vittorio Fasano, 88 - Jardins',
      email: 'reservas@fasano.test',
      supplier: { id: suppliers.demo, name: 'Operadora Sol' },
      media: [],
      media_count: 0,
      cover_url: null,
      cover_thumb_url: null,
    });
    expect(hotel.diets.map((d) => d.id).sort()).toEqual([refs.bb, refs.allInclusive].sort());
    expect(hotel.room_types).toEqual([{ id: refs.duplo, name: expect.any(String) }]);

    const read = await t.call('GET', `/api/favorite-hotels/${hotel.id}`, { token: tokens.owner });
    expect(read.statusCode).toBe(200);
    expect((read.json() as Answer).favorite_hotel).toEqual(hotel);
  });

  it('takes a place written out for a hotel abroad, and needs a city or a place', async () => {
    const abroad = await create({ name: 'Le Sirenuse', location: 'Positano, Itália', stars: 5 });
    expect(abroad).toMatchObject({ city: null, location: 'Positano, Itália' });

    const nowhere = await t.call('POST', '/api/favorite-hotels', { token: tokens.colab, body: { name: 'Hotel Sem Lugar', stars: 3 } });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors).toEqual({
      city_id: [FAVORITE_HOTEL_MESSAGES.placeRequired],
      location: [FAVORITE_HOTEL_MESSAGES.placeRequired],
    });
    const bad = await t.call('POST', '/api/favorite-hotels', {
      token: tokens.colab,
      body: { name: 'Hotel', location: 'Lisboa', stars: 6, company_id: ids.outra },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['company_id', 'stars']);
  });

  it('PUT replaces the hotel: fields and lists left out are cleared', async () => {
    const hotel = await create({
      name: 'Copacabana Palace',
      city_id: refs.rio,
      stars: 5,
      phone: '21 2548-7070',
      supplier_id: suppliers.demo,
      diet_ids: [refs.bb],
      room_type_ids: [refs.duplo, refs.triplo],
    });
    const res = await t.call('PUT', `/api/favorite-hotels/${hotel.id}`, {
      token: tokens.owner,
      body: { name: 'Belmond Copacabana Palace', city_id: refs.rio, stars: 4, room_type_ids: [refs.triplo] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = (res.json() as Answer).favorite_hotel;
    expect(updated).toMatchObject({
      id: hotel.id,
      name: 'Belmond Copacabana Palace',
      stars: 4,
      phone: null,
      supplier: null,
      diets: [],
      room_types: [{ id: refs.triplo, name: expect.any(String) }],
    });
  });

  it('DELETE removes the hotel; it is not found afterwards', async () => {
    const hotel = await create({ name: 'Hotel Passageiro', location: 'Buenos Aires', diet_ids: [refs.bb] });
    const res = await t.call('DELETE', `/api/favorite-hotels/${hotel.id}`, { token: tokens.colab });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: hotel.id, deleted: true });
    expect((await t.call('GET', `/api/favorite-hotels/${hotel.id}`, { token: tokens.colab })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/favorite-hotels/${hotel.id}`, { token: tokens.colab })).statusCode).toBe(404);
    expect(await t.deps.db.favoriteHotelOption.count({ where: { favoriteHotelId: hotel.id } })).toBe(0);
  });
});

describe('favourite hotels list', () => {
  beforeAll(async () => {
    // Outra's own hotels must never show in Demo's list.
    await create({ name: 'Pousada Açaí da Outra', location: 'Belém', stars: 3 }, tokens.outra);
    await create({ name: 'Pousada Açaí', location: 'Belém do Pará', stars: 3, address: 'Travessa Ó de Almeida, 10' });
    await create({ name: 'Grand Hyatt', city_id: refs.saoPaulo, stars: 5, supplier_id: suppliers.demo });
    await create({ name: 'Ibis Paulista', city_id: refs.saoPaulo, stars: 3, address: 'Avenida Paulista, 2355' });
  });

  it('searches name, place and address blind to accents and case, short terms included', async () => {
    expect(names(await list('search=ACAI'))).toEqual(['Pousada Açaí']);
    expect(names(await list('search=belem do para'))).toEqual(['Pousada Açaí']);
    expect(names(await list('search=travessa o de'))).toEqual(['Pousada Açaí']);
    expect(names(await list('search=AÍ'))).toEqual(['Pousada Açaí']);
    expect(names(await list('search=aç'))).toEqual(['Belmond Copacabana Palace', 'Pousada Açaí']);
    expect(names(await list('search=PAULISTA'))).toEqual(['Ibis Paulista']);
    expect(names(await list('search=nada-disso'))).toEqual([]);
  });

  it('filters by city, stars and supplier, pages by name, and shows city and stars', async () => {
    const inSaoPaulo = await list(`city_id=${refs.saoPaulo}&per_page=50`);
    expect(names(inSaoPaulo)).toEqual(['Grand Hyatt', 'Hotel Fasano São Paulo', 'Ibis Paulista']);
    expect(inSaoPaulo.favorite_hotels[0]).toMatchObject({
      city: { id: refs.saoPaulo, name: 'São Paulo', state: 'SP' },
      stars: 5,
      supplier: { id: suppliers.demo, name: 'Operadora Sol' },
      cover_thumb_url: null,
      media_count: 0,
    });
    expect(names(await list(`city_id=${refs.saoPaulo}&stars=3`))).toEqual(['Ibis Paulista']);
    expect(names(await list(`supplier_id=${suppliers.demo}&per_page=50`))).toEqual(['Grand Hyatt', 'Hotel Fasano São Paulo']);
    const firstPage = await list(`city_id=${refs.saoPaulo}&per_page=2`);
    expect(firstPage.pagination).toEqual({
      current_page: 1,
      per_page: 2,
      total_pages: 2,
      total_count: 3,
      has_next_page: true,
      has_prev_page: false,
    });
    expect(names(await list(`city_id=${refs.saoPaulo}&per_page=2&page=2`))).toEqual(['Ibis Paulista']);
    expect((await t.call('GET', '/api/favorite-hotels?stars=6', { token: tokens.colab })).statusCode).toBe(400);
  });
});

describe('references', () => {
  it('refuses rows of the wrong list, of another agency, missing or newly chosen while inactive', async () => {
    const post = (body: Record<string, unknown>) => t.call('POST', '/api/favorite-hotels', { token: tokens.colab, body });
    const errorsOf = async (body: Record<string, unknown>) => {
      const res = await post({ name: 'Hotel Teste', location: 'Lugar', ...body });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors;
    };
    const before = await t.deps.db.favoriteHotel.count();
    expect(await errorsOf({ city_id: refs.bb })).toEqual({ city_id: ['não foi encontrado'] });
    expect(await errorsOf({ city_id: refs.outraCity })).toEqual({ city_id: ['não foi encontrado'] });
    expect(await errorsOf({ diet_ids: [refs.bb, refs.duplo] })).toEqual({ diet_ids: ['não foi encontrado'] });
    expect(await errorsOf({ room_type_ids: [refs.bb] })).toEqual({ room_type_ids: ['não foi encontrado'] });
    expect(await errorsOf({ diet_ids: [refs.inactiveDiet] })).toEqual({ diet_ids: ['está inativo'] });
    expect(await errorsOf({ supplier_id: suppliers.outra })).toEqual({ supplier_id: ['não foi encontrado'] });
    expect(await errorsOf({ supplier_id: suppliers.demoInactive })).toEqual({ supplier_id: ['está inativo'] });
    expect(await errorsOf({ city_id: 2_000_000_000, supplier_id: 2_000_000_000 })).toEqual({
      city_id: ['não foi encontrado'],
      supplier_id: ['não foi encontrado'],
    });
    expect(await t.deps.db.favoriteHotel.count()).toBe(before);
  });

  it('keeps a row that became inactive after it was chosen', async () => {
    const diet = await t.deps.db.referenceItem.create({
      data: { list: 'hotel_diet_params', companyId: ids.demo, name: 'Meia pensão da casa' },
    });
    const hotel = await create({ name: 'Hotel Fiel', location: 'Gramado', diet_ids: [diet.id], supplier_id: suppliers.demo });
    await t.deps.db.referenceItem.update({ where: { id: diet.id }, data: { isActive: false } });
    const res = await t.call('PUT', `/api/favorite-hotels/${hotel.id}`, {
      token: tokens.colab,
      body: { name: 'Hotel Fiel', location: 'Gramado, RS', diet_ids: [diet.id], supplier_id: suppliers.demo },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Answer).favorite_hotel.diets).toEqual([{ id: diet.id, name: 'Meia pensão da casa' }]);
  });
});

describe('another agency', () => {
  it("cannot read, change or delete Demo's hotel (404, as a missing one) nor see it in lists", async () => {
    const hotel = await create({ name: 'Hotel Secreto da Demo', city_id: refs.saoPaulo, stars: 4 });
    const before = await t.deps.db.favoriteHotel.findUniqueOrThrow({ where: { id: hotel.id } });
    expect((await t.call('GET', `/api/favorite-hotels/${hotel.id}`, { token: tokens.outra })).statusCode).toBe(404);
    const put = await t.call('PUT', `/api/favorite-hotels/${hotel.id}`, { token: tokens.outra, body: { name: 'Roubado', location: 'X' } });
    expect(put.statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/favorite-hotels/${hotel.id}`, { token: tokens.outra })).statusCode).toBe(404);
    expect(await t.deps.db.favoriteHotel.findUniqueOrThrow({ where: { id: hotel.id } })).toEqual(before);
    expect(names(await list('search=secreto', tokens.outra))).toEqual([]);
    expect(names(await list(`city_id=${refs.saoPaulo}`, tokens.outra))).toEqual([]);
  });
});
