import { describe, expect, it } from 'vitest';
import { VERSIONED_TABLES, type VersionedTable } from '../../src/versions';
import { fieldPaths, validSample } from '../guard/inputs';
import { buildCall, errorBody, send } from '../guard/requests';
import { idResolver, tableForField, useGuard } from '../guard/setup';
import { changedTables } from '../guard/tenant-data';
import { DEMO } from '../harness';
import type { InventoryRoute } from '../inventory';

const { t, g } = useGuard();

/**
 * Inputs for routes whose generic sample their schema refuses (a refinement JSON Schema cannot
 * say): the matrix needs an input that passes validation, so the version is what gets checked.
 */
const SAMPLES: Record<string, (id: number) => Record<string, unknown>> = {
  'services.update': (id) => ({
    id,
    proposal_id: id,
    type: 'other',
    title: 'Serviço',
    adult_number: 1,
    child_number: 0,
    infant_number: 0,
    currency: 'BRL',
    total_cents: 1_000,
    details: {},
  }),
};

/** The write stating `version`: REST as the documented If-Match header, tRPC as the field. */
function stating(route: InventoryRoute, input: Record<string, unknown>, version: number, token: string) {
  if (route.transport === 'trpc') return buildCall(route, { ...input, version }, { token });
  const call = buildCall(route, input, { token });
  return { ...call, headers: { ...call.headers, 'if-match': `"${version}"` } };
}

const versioned = (route: InventoryRoute) => route.write && fieldPaths(route.input).some((p) => p.length === 1 && p[0] === 'version');

describe('stale version matrix', () => {
  it('every write route that takes a version answers 409 with the current version, who and when to a stale one, and changes nothing', {
    timeout: 300_000,
  }, async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const ids = await g.ids(g.companies.demo);
    const routes = g.inventory.routes.filter(versioned);
    const failures: string[] = [];
    // The edit route of a record that carries a version must take it (a new one is caught here).
    for (const route of g.inventory.routes.filter((r) => r.write && r.procedure?.endsWith('.update') && !versioned(r))) {
      const table = tableForField(g.catalog, route, 'id');
      if (table && (VERSIONED_TABLES as readonly string[]).includes(table))
        failures.push(
          `${route.name}: edits ${table}, whose rows carry a version, but takes none (versionField of packages/shared versions.ts)`,
        );
    }
    const covered = new Set<string>();
    for (const route of routes) {
      const table = tableForField(g.catalog, route, 'id') as VersionedTable | undefined;
      if (!table || !VERSIONED_TABLES.includes(table)) {
        failures.push(
          `${route.name}: takes a version, but its record (${table ?? 'no table'}) has none (VERSIONED_TABLES in src/versions.ts)`,
        );
        continue;
      }
      const id = ids.get(table)?.at(-1);
      if (id === undefined) {
        failures.push(`${route.name}: no row of ${table} in Agência Demo to write to`);
        continue;
      }
      const procedure = route.procedure ?? '';
      const input = SAMPLES[procedure]?.(id) ?? { ...(validSample(route.input, idResolver(g.catalog, route, ids)).value as object), id };
      if (!route.input?.safeParse(input).success) {
        failures.push(`${route.name}: no valid sample input (add one to SAMPLES)`);
        continue;
      }
      // Someone else's edit came first: the row is at `current`, the write is based on the one before.
      const [{ version: current } = { version: 0 }] = await t.deps.db.$queryRawUnsafe<{ version: number }[]>(
        `UPDATE ${table} SET version = version + 1 WHERE id = $1 RETURNING version`,
        id,
      );
      const before = await g.snapshot();
      const res = await send(t, stating(route, input, current - 1, token));
      const body = errorBody(route, res) as { code?: string; conflict?: { version?: number; updated_at?: string } } | undefined;
      if (res.statusCode !== 409 || body?.code !== 'CONFLICT' || body.conflict?.version !== current || !body.conflict.updated_at) {
        failures.push(`${route.name}: a stale version answered HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      const changed = changedTables(before, await g.snapshot());
      if (changed.length) failures.push(`${route.name}: a stale write changed ${changed.join(', ')}`);
      // The current version is not taken for a stale one (the write may still be refused for its own reasons).
      const accepted = await send(t, stating(route, input, current, token));
      if ((errorBody(route, accepted) as { conflict?: unknown } | undefined)?.conflict) {
        failures.push(`${route.name}: the current version was refused as stale: ${accepted.body.slice(0, 200)}`);
      }
      covered.add(table);
    }
    console.log(
      `[stale version matrix] ${routes.length} write routes take a version (${[...covered].join(', ')}), ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    // The control: the records this matrix was written for are covered.
    expect([...covered].toSorted()).toEqual(expect.arrayContaining(['attendances', 'budgets', 'clients', 'services']));
  });
});
