// Security-critical: tenant filters only. The lookup matches the provider's codes against the
// reference rows the agency sees (the system rows and its own, never another agency's), through
// the reference lists' own visibility rule.
import type { Prisma } from '@app/db';
import { visibleWhere } from '../reference-lists/reference-lists.where';

/** Security-critical: the active airports the agency sees with these IATA codes (the list keeps them unique per owner). */
export function airportsByCodeWhere(companyId: number, codes: string[]): Prisma.ReferenceItemWhereInput {
  return { AND: [visibleWhere(companyId), { list: 'air_airport_params', uniqueCode: { in: codes }, isActive: true }] };
}

/** Security-critical: the active airlines the agency sees with this IATA code (IATA gives some codes to two airlines). */
export function airlinesByCodeWhere(companyId: number, code: string): Prisma.ReferenceItemWhereInput {
  return { AND: [visibleWhere(companyId), { list: 'air_cias_params', code, isActive: true }] };
}
