import type { ReferenceItem } from '@app/shared/reference-list-schemas';
import type { ReferenceListKey } from '@app/shared/reference-lists';
import { useTRPC } from '../../lib/trpc';
import { AutocompletePicker, type PickerProps } from './AutocompletePicker';
import { autocompleteOptions, optionLabel } from './reference-options';

type Props = PickerProps<ReferenceItem> & {
  list: ReferenceListKey;
  /** Only the rows under this parent (the ships of one cruise company). */
  parentId?: number | null;
};

/**
 * The autocomplete combobox of every reference list: type, then Enter takes the first match (or
 * the one the arrows highlight); Esc closes; leaving the field puts the chosen row's text back.
 */
export function ReferencePicker({ list, parentId, ...props }: Props) {
  const trpc = useTRPC();
  return (
    <AutocompletePicker
      {...props}
      search={(term) => autocompleteOptions(trpc, list, term, parentId)}
      itemsOf={(data) => data.items}
      optionText={(item) => optionLabel(list, item)}
    />
  );
}
