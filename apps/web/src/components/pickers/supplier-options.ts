// What the supplier picker shows and sends, apart from React.

import type { ServiceType } from '@app/shared/service-types';
import type { ListSuppliersQuery, SupplierListItem } from '@app/shared/suppliers';
import type { Trpc } from '../../lib/trpc';

/** How many matches the picker shows. */
export const SUPPLIER_PICKER_SIZE = 10;

/** The picker's call: active suppliers only, of one service type when given, by name. */
export function supplierPickerInput(search: string, serviceType?: ServiceType | null): ListSuppliersQuery {
  const term = search.trim();
  return {
    is_active: 'true',
    per_page: SUPPLIER_PICKER_SIZE,
    ...(term ? { search: term } : {}),
    ...(serviceType ? { service_type: serviceType } : {}),
  };
}

/** Superseded terms' requests are cancelled (see autocompleteOptions). */
export const supplierPickerOptions = (trpc: Trpc, search: string, serviceType?: ServiceType | null) =>
  trpc.suppliers.list.queryOptions(supplierPickerInput(search, serviceType), { trpc: { abortOnUnmount: true } });

/** An option's text: the name, then the trade name users may know it by ('Hotel X Ltda · Hotel X'). */
export function supplierLabel(s: Pick<SupplierListItem, 'name' | 'trade_name'>): string {
  return s.trade_name && s.trade_name !== s.name ? `${s.name} · ${s.trade_name}` : s.name;
}
