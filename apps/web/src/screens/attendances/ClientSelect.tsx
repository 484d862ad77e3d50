import { AutocompletePicker, type PickerProps } from '../../components/pickers/AutocompletePicker';
import { useTRPC } from '../../lib/trpc';

type Option = { value: string; label: string };

type Props = Omit<PickerProps<{ id: number; name: string }>, 'onChange' | 'initialLabel'> & {
  onChange: (id: number | null) => void;
  /** The client already chosen (edit, or opened from a client's page), so its name shows at once. */
  selected: Option | null;
};

/**
 * Picks an active client, searched on the server by name, e-mail, CPF or CNPJ: type, then Enter
 * takes the first match (or the one the arrows highlight), as in the app's other pickers.
 */
export function ClientSelect({ onChange, selected, ...props }: Props) {
  const trpc = useTRPC();
  return (
    <AutocompletePicker
      label="Cliente"
      withAsterisk
      placeholder="Busque por nome, e-mail, CPF ou CNPJ"
      withExpandedAttribute
      initialLabel={selected?.label}
      search={(term) =>
        trpc.clients.list.queryOptions(
          { search: term.trim() || undefined, is_active: 'true', page: 1, per_page: 20 },
          { trpc: { abortOnUnmount: true } },
        )
      }
      itemsOf={(data) => data.clients}
      optionText={(c) => c.name}
      onChange={(id) => onChange(id)}
      {...props}
    />
  );
}
