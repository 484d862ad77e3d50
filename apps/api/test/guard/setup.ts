import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type FakeD4Sign, startFakeD4Sign } from '../fake-d4sign';
import { type FakePipedrive, startFakePipedrive } from '../fake-pipedrive';
import { DEMO, type TestApp, useTestApp } from '../harness';
import { buildInventory, type Inventory, type InventoryRoute } from '../inventory';
import type { IdResolver } from './inputs';
import {
  type Catalog,
  type CompanyDump,
  dumpCompany,
  fingerprint,
  idsOf,
  readCatalog,
  recordChanges,
  seedCompanyData,
} from './tenant-data';

export type Guard = {
  inventory: Inventory;
  catalog: Catalog;
  companies: { demo: number; outra: number; sistema: number };
  /** Every table's rows per company after the factory ran. */
  ids(companyId: number): Promise<Map<string, number[]>>;
  dump(companyId: number): Promise<CompanyDump>;
  /** Whole-database fingerprint once queued jobs have finished (so late writes are not missed). */
  snapshot(): Promise<Record<string, string>>;
  /** Every file under the app's upload storage (its own folder), temporary files included. */
  storedFiles(): Promise<string[]>;
};

/** A number no row has: a "missing" id to compare another agency's id against. */
export const MISSING_ID = 2_147_483_646;

/**
 * The app of a matrix: its own database (demo seed plus rows of every kind for Agência Demo and
 * Agência Outra from the generic factory), mail to the outbox so that a sent mail is a row too.
 */
export function useGuard(): { t: TestApp; g: Guard } {
  const dataDir = mkdtempSync(join(tmpdir(), 'guard-'));
  const env: Record<string, string> = { SMTP_URL: '', DATA_DIR: dataDir };
  // The electronic signature goes to a local fake provider, as every other outside service does:
  // its routes answer as they would in production. Registered before the app's, which reads env.
  let signatures: FakeD4Sign | undefined;
  let pipedrive: FakePipedrive | undefined;
  beforeAll(async () => {
    signatures = await startFakeD4Sign();
    pipedrive = await startFakePipedrive();
    Object.assign(env, signatures.env, pipedrive.env);
  });
  const t = useTestApp(env);
  afterAll(async () => {
    await signatures?.close();
    await pipedrive?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const g = {} as Guard;
  beforeAll(async () => {
    const db = t.deps.db;
    const catalog = await readCatalog(db);
    const company = async (name: string) => (await db.company.findFirstOrThrow({ where: { name }, select: { id: true } })).id;
    const companies = {
      demo: await company(DEMO.companies.demo),
      outra: await company(DEMO.companies.outra),
      sistema: await company(DEMO.companies.sistema),
    };
    await seedCompanyData(db, catalog, companies.demo);
    await seedCompanyData(db, catalog, companies.outra);
    await recordChanges(db, catalog);
    const openapi = (await t.call('GET', '/api/openapi.json')).json();
    Object.assign(g, {
      inventory: buildInventory(t.routes, openapi),
      catalog,
      companies,
      dump: (companyId: number) => dumpCompany(db, catalog, companyId),
      ids: async (companyId: number) => idsOf(catalog, await dumpCompany(db, catalog, companyId)),
      async snapshot() {
        // Draining the embedded queue costs a locking query; only when a job is due.
        const due =
          t.platform.jobs.kind === 'bullmq' ||
          (await db.embeddedJob.count({ where: { doneAt: null, runAt: { lte: new Date() }, attempts: { lt: 5 } } })) > 0;
        if (due) await t.platform.jobs.drain();
        return fingerprint(db);
      },
      async storedFiles() {
        const files = await readdir(join(dataDir, 'uploads'), { recursive: true, withFileTypes: true }).catch(() => []);
        return files.filter((f) => !f.isDirectory()).map((f) => join(f.parentPath, f.name));
      },
    } satisfies Guard);
  });
  return { t, g };
}

const singular = (s: string) =>
  s
    .replace(/ies$/, 'y')
    .replace(/(ss|sh|ch|x)es$/, '$1')
    .replace(/s$/, '');

/**
 * The table a field refers to: `id` is the route's own resource (first path segment, or the
 * router name), `client_id`/`budgetId` the table their foreign key points at.
 */
export function tableForField(cat: Catalog, route: InventoryRoute, field: string): string | undefined {
  const byName = (name: string) => {
    const want = singular(name.replaceAll('-', '_').toLowerCase());
    const tables = [...cat.tables.keys()];
    // `clients` -> clients; `attachment` -> client_attachments when no table is named so.
    return (
      tables.find((t) => singular(t) === want || singular(cat.tables.get(t)?.model.toLowerCase() ?? '') === want.replaceAll('_', '')) ??
      tables.find((t) => singular(t).endsWith(`_${want}`))
    );
  };
  if (field === 'id') {
    const resource =
      route.transport === 'trpc' || !route.url.startsWith('/api/') ? route.procedure?.split('.')[0] : route.url.split('/')[2];
    return resource ? byName(resource) : undefined;
  }
  const stem = field.replace(/_id$|Id$/, '');
  const snake = `${stem.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_id`;
  for (const t of cat.tables.values()) {
    const fk = t.fks.find((f) => f.column === snake);
    if (fk) return fk.refTable;
  }
  return byName(stem);
}

/** Ids for a route's id fields, taken from one agency's rows (the newest row of each table). */
export function idResolver(cat: Catalog, route: InventoryRoute, ids: Map<string, number[]>, fallback = MISSING_ID): IdResolver {
  return (field) => {
    const table = tableForField(cat, route, field);
    const list = table ? ids.get(table) : undefined;
    return list?.length ? (list.at(-1) as number) : fallback;
  };
}
