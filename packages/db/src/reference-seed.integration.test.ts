// The reference lists' seed against a real database (TEST_DATABASE_URL / DATABASE_URL, else PGlite).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from './reference-seed';
import { REFERENCE_SEEDS } from './reference-seed-lists';
import { createTestDatabase, type TestDatabase } from './testing';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);
afterAll(() => db.drop());

const systemCount = (list: string) => db.prisma.referenceItem.count({ where: { list, companyId: null } });

describe('reference seed', () => {
  it('fills every list from the data packages and the typed starting set (the test template is seeded)', async () => {
    expect(await systemCount('continent_params')).toBe(7);
    expect(await systemCount('country_params')).toBe(252);
    expect(await systemCount('state_params')).toBe(27);
    // IBGE's 5,570 municipalities plus Boa Esperança do Norte (MT), created in 2023, then GeoNames'
    // cities abroad of 15,000 inhabitants or more.
    const brazilian = { list: 'city_params', companyId: null, fields: { path: ['country_code'], equals: 'BR' } };
    expect(await db.prisma.referenceItem.count({ where: brazilian })).toBe(5571);
    expect(await db.prisma.referenceItem.count({ where: { ...brazilian, parentId: null } })).toBe(0);
    expect(await systemCount('city_params')).toBeGreaterThan(25_000);
    expect(await systemCount('air_airport_params')).toBeGreaterThan(8000);
    expect(await systemCount('air_cias_params')).toBeGreaterThan(1000);
    expect(await systemCount('timezone_params')).toBeGreaterThan(500);
    expect(await systemCount('currencies')).toBeGreaterThan(150);
    expect(await systemCount('languages')).toBeGreaterThan(180);
    for (const seed of REFERENCE_SEEDS) expect(await systemCount(seed.list), seed.list).toBeGreaterThan(0);
  });

  it('links places to their parents and keeps their search text folded', async () => {
    const find = (list: string, code: string) =>
      db.prisma.referenceItem.findFirstOrThrow({
        where: { list, code, companyId: null },
        include: { parent: { include: { parent: true } } },
      });
    const saoPaulo = await find('city_params', '3550308');
    expect(saoPaulo).toMatchObject({ name: 'São Paulo', searchText: 'sao paulo', parent: { code: 'SP', parent: { code: 'BR' } } });
    // Its population from GeoNames, matched by state and name, ranks it in the pickers.
    expect((saoPaulo.fields as { population: number }).population).toBeGreaterThan(10_000_000);
    expect(await find('country_params', 'BR')).toMatchObject({ name: 'Brasil', fields: { iso3_code: 'BRA' }, parent: { code: 'SA' } });
    expect((await find('country_params', 'CD')).name).toBe('República Democrática do Congo');
    // Two Belém: the airport's time zone (America/Belem) picks the one in Pará.
    expect(await find('air_airport_params', 'BEL')).toMatchObject({ parent: { name: 'Belém', parent: { code: 'PA' } } });
    // Abroad, an airport belongs to its city, in pt-BR; the city keeps GeoNames' name to be found by it.
    expect(await find('air_airport_params', 'LIS')).toMatchObject({
      name: 'Aeroporto de Lisboa',
      searchText: 'aeroporto de lisboa lis lisboa',
      fields: { city_name: 'Lisboa', country_code: 'PT' },
      parent: { name: 'Lisboa', searchText: 'lisboa lisbon', fields: { country_code: 'PT', alt_name: 'Lisbon' }, parentId: null },
    });
    expect(await find('air_airport_params', 'JFK')).toMatchObject({ fields: { city_name: 'Nova York' }, parent: { name: 'Nova York' } });
    expect((await find('air_cias_params', 'AR')).name).toBe('Aerolíneas Argentinas');
    expect((await find('timezone_params', 'America/Sao_Paulo')).fields).toEqual({ utc_offset: '-03:00' });
    const ships = await db.prisma.referenceItem.findMany({ where: { list: 'cruise_ship_params' }, select: { parentId: true } });
    expect(ships.every((s) => s.parentId !== null)).toBe(true);
  });

  it('is idempotent: a second run adds nothing and leaves an edited or deactivated system row as it is', { timeout: 60_000 }, async () => {
    const city = await db.prisma.referenceItem.findFirstOrThrow({ where: { list: 'city_params', code: '3304557' } });
    await db.prisma.referenceItem.update({ where: { id: city.id }, data: { name: 'Rio', searchText: 'Rio', isActive: false } });
    const before = await db.prisma.referenceItem.count();
    const started = performance.now();
    const report = await seedReferenceData(db.prisma);
    const ms = performance.now() - started;
    console.log(`[reference seed] second run: ${Math.round(ms)} ms, ${report.skipped.length} lists already complete`);
    expect(report.inserted).toEqual({});
    expect(report.skipped).toHaveLength(REFERENCE_SEEDS.length);
    // The database holds what this seed wrote: its data packages are not even loaded.
    expect(report.loaded).toBe(false);
    expect(await db.prisma.referenceItem.count()).toBe(before);
    expect(await db.prisma.referenceItem.findUniqueOrThrow({ where: { id: city.id } })).toMatchObject({ name: 'Rio', isActive: false });
  });

  it('loads the seed again when it changed since the database was seeded, and adds nothing already there', async () => {
    await db.prisma.$executeRawUnsafe(`UPDATE reference_seed_state SET fingerprint = 'an earlier seed'`);
    const before = await db.prisma.referenceItem.count();
    const report = await seedReferenceData(db.prisma);
    expect(report).toMatchObject({ loaded: true, inserted: {}, updated: {} });
    expect(report.skipped).toHaveLength(REFERENCE_SEEDS.length);
    expect(await db.prisma.referenceItem.count()).toBe(before);
    expect((await seedReferenceData(db.prisma)).loaded).toBe(false);
  });

  it("gives a changed seed's values to the system rows nobody edited, and leaves edited ones as they are", async () => {
    const row = (code: string) => db.prisma.referenceItem.findFirstOrThrow({ where: { list: 'air_airport_params', code } });
    // MCO as an earlier seed wrote it: a plain SQL write, like the seed's own, leaves updated_at alone.
    const mco = await row('MCO');
    await db.prisma.$executeRaw`
      UPDATE reference_items SET name = 'Orlando International Airport', fields = fields - 'priority', search_text = 'orlando'
      WHERE id = ${mco.id}`;
    const eze = await row('EZE');
    await db.prisma.referenceItem.update({ where: { id: eze.id }, data: { name: 'Ezeiza (Ministro Pistarini)' } });
    await db.prisma.$executeRawUnsafe(`UPDATE reference_seed_state SET fingerprint = 'an earlier seed'`);

    expect(await seedReferenceData(db.prisma)).toMatchObject({ loaded: true, inserted: {}, updated: { air_airport_params: 1 } });
    expect(await row('MCO')).toMatchObject({ name: 'Aeroporto de Orlando', searchText: mco.searchText, fields: mco.fields });
    expect((await row('EZE')).name).toBe('Ezeiza (Ministro Pistarini)');
  });

  it('adds only the keys a database lacks, in bulk, in a few seconds', { timeout: 120_000 }, async () => {
    // Nothing is ever deleted by the app: this stands for a key added to the seed after the database was seeded.
    const gone = await db.prisma.referenceItem.findFirstOrThrow({ where: { list: 'city_params', children: { none: {} } } });
    await db.prisma.referenceItem.delete({ where: { id: gone.id } });
    expect(await seedReferenceData(db.prisma)).toMatchObject({ loaded: true, inserted: { city_params: 1 } });

    await db.prisma.$executeRawUnsafe('TRUNCATE reference_items CASCADE');
    const started = performance.now();
    const report = await seedReferenceData(db.prisma);
    const ms = performance.now() - started;
    const total = Object.values(report.inserted).reduce((a, b) => a + (b ?? 0), 0);
    console.log(`[reference seed] first run: ${total} rows in ${Math.round(ms)} ms`);
    expect(total).toBe(await db.prisma.referenceItem.count());
    expect(ms).toBeLessThan(60_000);
  });
});
