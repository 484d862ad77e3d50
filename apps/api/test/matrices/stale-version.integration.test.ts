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

/**
 * Writes on a versioned record that do not edit it, so take no version (each says why). Every other
 * write route whose record carries a version must take one: a new route is caught by itself.
 */
const NOT_AN_EDIT: Record<string, string> = {
  'budgets.addFinancialComment': 'adds a comment',
  'budgets.paymentMethodsByPax': 'a calculation, stores nothing',
  'presence.beat': 'who has the budget open, not the budget',
  'presence.leave': 'who has the budget open, not the budget',
  'companies.createUser': 'adds a user',
  'companies.updateSubscription': 'the super admin sets the plan, not an agency edit',
  'contracts.generate': 'adds a contract',
  'landingPages.accept': 'the customer accepts on the landing page, which carries no version',
  'landingPages.reissueLink': "the customer's link, not the budget's content",
  'landingPages.revokeLink': "the customer's link, not the budget's content",
  'reservations.send': 'sends an e-mail',
  'suppliers.enableClient': 'adds the client the supplier is',
  'clients.revealDocument': 'shows a document number in full: the audit entry is a row of its own',
  'clients.removeAttachment': "an attachment is a row of its own, not the client's fields",
  'clients.saveCompanion': "a companion is a row of its own, not the client's fields",
  'clients.removeCompanion': "a companion is a row of its own, not the client's fields",
  'payables.pay': 'records a payment (it bumps the reservation, checked by nothing the agent read)',
};

/** Routes whose record is not their `id` (the refunds of a service). */
const RECORD_FIELD: Record<string, string> = { 'services.refund': 'service_id', 'services.undoRefund': 'service_id' };

/** The field naming a write's record: `id` (a create has none: it only adds). */
function recordField(route: InventoryRoute): string | undefined {
  const field = RECORD_FIELD[route.procedure ?? ''];
  if (field) return field;
  return fieldPaths(route.input).some((p) => p.length === 1 && p[0] === 'id') ? 'id' : undefined;
}

describe('stale version matrix', () => {
  it('every write route that takes a version answers 409 with the current version, who and when to a stale one, and changes nothing', {
    timeout: 300_000,
  }, async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    // One procedure, one record: tRPC names a route by its router (`sales.sell`), REST by the record it writes (/budgets/sell/{id}).
    const recordOf = (route: InventoryRoute) => {
      const field = recordField(route);
      if (!field) return undefined;
      const rest = g.inventory.routes.find((r) => r.transport === 'rest' && r.procedure === route.procedure) ?? route;
      const table = tableForField(g.catalog, rest, field);
      return table ? { field, table } : undefined;
    };
    const onVersioned = (route: InventoryRoute) => {
      const table = recordOf(route)?.table;
      return table !== undefined && (VERSIONED_TABLES as readonly string[]).includes(table);
    };
    // Deletes last: the others write to rows they would remove.
    const removes = (r: InventoryRoute) => r.method === 'DELETE' || /\.(delete|deactivate)$/.test(r.procedure ?? '');
    const routes = g.inventory.routes.filter(versioned).toSorted((a, b) => Number(removes(a)) - Number(removes(b)));
    const failures: string[] = [];
    // A write to a record that carries a version must take it (a new one is caught here).
    for (const route of g.inventory.routes.filter((r) => r.write && r.transport !== 'plain' && !versioned(r) && onVersioned(r))) {
      if (NOT_AN_EDIT[route.procedure ?? '']) continue;
      failures.push(
        `${route.name}: writes ${recordOf(route)?.table}, whose rows carry a version, but takes none (versionField of packages/shared versions.ts, or NOT_AN_EDIT here)`,
      );
    }
    const covered = new Set<string>();
    for (const route of routes) {
      const record = recordOf(route);
      const table = record?.table as VersionedTable | undefined;
      if (!record || !table || !VERSIONED_TABLES.includes(table)) {
        failures.push(
          `${route.name}: takes a version, but its record (${table ?? 'no table'}) has none (VERSIONED_TABLES in src/versions.ts)`,
        );
        continue;
      }
      // Read again for each route: an earlier accepted write may have removed the newest row.
      const ids = await g.ids(g.companies.demo);
      const id = ids.get(table)?.at(-1);
      if (id === undefined) {
        failures.push(`${route.name}: no row of ${table} in Agência Demo to write to`);
        continue;
      }
      const procedure = route.procedure ?? '';
      const input = SAMPLES[procedure]?.(id) ?? {
        ...(validSample(route.input, idResolver(g.catalog, route, ids)).value as object),
        [record.field]: id,
      };
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
      // A mail an earlier accepted write queued (a send, a sale) may still be on its way: only a job
      // writes mail_deliveries, never a request, and a job the stale write queued would show in the outbox.
      const changed = changedTables(before, await g.snapshot()).filter((table) => table !== 'mail_deliveries');
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
    // And the writes that are not the edit form: deletes, copies, the send, the sale and its undo, refunds, toggles.
    expect(routes.map((r) => r.procedure)).toEqual(
      expect.arrayContaining([
        'budgets.delete',
        'budgets.duplicate',
        'budgets.showValues',
        'budgetDocuments.sendEmail',
        'sales.sell',
        'sales.undoSell',
        'services.refund',
        'services.undoRefund',
        'proposals.duplicate',
        'tasks.delete',
        'clients.deactivate',
      ]),
    );
    // And the multipart plain route of the attendance's consolidated notes and document (If-Match).
    expect(routes.map((r) => r.name)).toContain('plain PATCH /api/attendances/consolidated/:id');
  });
});
