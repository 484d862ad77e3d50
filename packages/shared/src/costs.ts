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

/** A copy of an answer without COST_FIELDS at any depth. */
export function withoutCosts<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutCosts) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!(COST_FIELDS as readonly string[]).includes(key)) out[key] = withoutCosts(field);
  }
  return out as T;
}
