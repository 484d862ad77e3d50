import type { ServiceType } from '@app/shared/service-types';
import type { SupplierListItem } from '@app/shared/suppliers';
import { useTRPC } from '../../lib/trpc';
import { AutocompletePicker, type PickerProps } from './AutocompletePicker';
import { supplierLabel, supplierPickerOptions } from './supplier-options';

type Props = PickerProps<SupplierListItem> & {
  /** Only the suppliers of this kind of service (a hotel's supplier: 'accommodation'). */
  serviceType?: ServiceType | null;
};

/**
 * The agency's active suppliers as an autocomplete (search by name, trade name, e-mail, CPF or
 * CNPJ, blind to accents): type, then Enter takes the first match (or the one the arrows
 * highlight); Esc closes; leaving the field puts the chosen supplier's name back. A form opening
 * with a supplier passes its name as `initialLabel`.
 */
export function SupplierPicker({ serviceType, ...props }: Props) {
  const trpc = useTRPC();
  return (
    <AutocompletePicker
      {...props}
      search={(term) => supplierPickerOptions(trpc, term, serviceType)}
      itemsOf={(data) => data.suppliers}
      optionText={supplierLabel}
    />
  );
}
