// Who sees what a sale costs the agency and what it earns: the agency's setting "quem vê custos e
// margens", enforced by the API (the fields below are absent from its answers for the others).
// Zod-free so the web bundle can import it.
import type { CostsVisibility } from '@app/db/browser';
import type { Role } from './constants';

export const COSTS_VISIBILITIES = ['owner', 'owner_admins', 'everyone'] as const satisfies readonly CostsVisibility[];
export const DEFAULT_COSTS_VISIBILITY: CostsVisibility = 'owner_admins';

export const COSTS_VISIBILITY_LABELS: Record<CostsVisibility, string> = {
  owner: 'Somente o dono da agência',
  owner_admins: 'O dono e os administradores',
  everyone: 'Todos da agência',
};

export function canSeeCosts(role: Role, visibility: CostsVisibility): boolean {
  if (role === 'owner' || role === 'super_admin') return true;
  if (role === 'administrador') return visibility !== 'owner';
  return visibility === 'everyone';
}

/**
 * The answer fields that tell costs, revenue or margins, wherever they sit (a budget's totals, its
 * services, a sale, a supplier's default commission): removed from every answer to a user who may
 * not see them, so a route added later is covered by itself.
 */
export const COST_FIELDS = [
  'cost_cents',
  'revenue_cents',
  'margin_basis_points',
  'commission_cents',
  'commission_basis_points',
  'supplier_cost_cents',
] as const;

const COST_FIELD_SET: ReadonlySet<string> = new Set(COST_FIELDS);

/**
 * The answer without COST_FIELDS at any depth. Only the arrays and objects on the way to a cost
 * field are copied; the rest is the answer's own (most answers hold none, and copying every one of
 * a board's or a budget's thousands of fields cost more than reading them).
 */
export function withoutCosts<T>(value: T): T {
  return strip(value) as T;
}

function strip(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = strip(value[i]);
      if (copy) copy.push(item);
      else if (item !== value[i]) copy = [...value.slice(0, i), item];
    }
    return copy ?? value;
  }
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  let copy: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const cost = COST_FIELD_SET.has(key);
    const field = cost ? undefined : strip(source[key]);
    if (!copy && (cost || field !== source[key])) {
      copy = {};
      for (const kept of keys.slice(0, i)) copy[kept] = source[kept];
    }
    if (copy && !cost) copy[key] = field;
  }
  return copy ?? value;
}
