import type { ServiceType } from '@app/shared/service-types';
import type { SupplierListItem } from '@app/shared/suppliers';
import { useQueryClient } from '@tanstack/react-query';
import { AutocompletePicker, type PickerProps } from '../../../components/pickers/AutocompletePicker';
import { SUPPLIER_PICKER_SIZE, supplierLabel, supplierPickerOptions } from '../../../components/pickers/supplier-options';
import { useTRPC } from '../../../lib/trpc';

/**
 * The agency's active suppliers of any of `serviceTypes` (a transfer's: transfer and receptivo),
 * searched by name: one list call per type, merged, the agency's favourites first, then by name.
 */
export function ServiceSupplierPicker({
  serviceTypes,
  ...props
}: PickerProps<SupplierListItem> & { serviceTypes: readonly ServiceType[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (
    <AutocompletePicker
      {...props}
      search={(term) => ({
        queryKey: ['budget-service-suppliers', serviceTypes, term],
        queryFn: async () => {
          const pages = await Promise.all(serviceTypes.map((type) => queryClient.fetchQuery(supplierPickerOptions(trpc, term, type))));
          const byId = new Map(pages.flatMap((p) => p.suppliers).map((s) => [s.id, s]));
          return [...byId.values()]
            .sort((a, b) => Number(b.is_favorite) - Number(a.is_favorite) || a.name.localeCompare(b.name, 'pt-BR'))
            .slice(0, SUPPLIER_PICKER_SIZE);
        },
      })}
      itemsOf={(suppliers) => suppliers}
      optionText={(s) => (s.is_favorite ? `${supplierLabel(s)} · Favorito` : supplierLabel(s))}
    />
  );
}
