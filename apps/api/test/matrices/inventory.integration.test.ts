import { describe, expect, it } from 'vitest';
import { readCatalog } from '../guard/tenant-data';
import { useTestApp } from '../harness';
import { buildInventory, summarize } from '../inventory';

// The embedded default (no SMTP) also serves the local outbox routes: both shapes are inventoried.
const smtp = useTestApp();
const outbox = useTestApp({ SMTP_URL: '' });

describe('route inventory', () => {
  it('classifies every route the API serves', async () => {
    const problems: string[] = [];
    for (const t of [smtp, outbox]) {
      const inventory = buildInventory(t.routes, (await t.call('GET', '/api/openapi.json')).json());
      problems.push(...inventory.problems);
      if (t === outbox) {
        console.log(`[inventory] ${summarize(inventory)}`);
        const listed = inventory.routes.filter((r) => !(r.transport === 'plain' && r.url.includes('.') && !/^\/(api|dev)\//.test(r.url)));
        for (const r of listed) console.log(`  ${r.access.padEnd(11)} ${r.feature ? `feature:${r.feature} ` : ''}${r.name}`);
        console.log(`  public      plain GET <${inventory.routes.length - listed.length} files of the built web app>`);
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it('knows which agency owns every table of the Prisma schema', async () => {
    const catalog = await readCatalog(smtp.deps.db);
    expect(catalog.unclassified, 'models with no company_id, no parent with one, and not declared in SHARED_TABLES').toEqual([]);
    console.log(`[inventory] ${catalog.tenant.size} agency-owned tables: ${[...catalog.tenant.keys()].join(', ')}`);
  });
});
