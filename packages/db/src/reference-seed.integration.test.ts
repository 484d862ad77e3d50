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
    // IBGE's 5,570 municipalities plus Boa Esperança do Norte (MT), created in 2023.
    expect(await systemCount('city_params')).toBe(5571);
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
    expect(await find('country_params', 'BR')).toMatchObject({ name: 'Brasil', fields: { iso3_code: 'BRA' }, parent: { code: 'SA' } });
    expect((await find('country_params', 'CD')).name).toBe('República Democrática do Congo');
    // Two Belém: the airport's time zone (America/Belem) picks the one in Pará.
    expect(await find('air_airport_params', 'BEL')).toMatchObject({ parent: { name: 'Belém', parent: { code: 'PA' } } });
    expect(await find('air_airport_params', 'LIS')).toMatchObject({ parentId: null, fields: { city_name: 'Lisbon', country_code: 'PT' } });
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
    expect(report).toMatchObject({ loaded: true, inserted: {} });
    expect(report.skipped).toHaveLength(REFERENCE_SEEDS.length);
    expect(await db.prisma.referenceItem.count()).toBe(before);
    expect((await seedReferenceData(db.prisma)).loaded).toBe(false);
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
