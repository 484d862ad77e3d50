import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';

type Option = { value: string; label: string };

type Props = Omit<SelectProps, 'value' | 'onChange' | 'data'> & {
  /** The chosen client's id. */
  value?: number | null;
  onChange: (id: number | null) => void;
  /** The client already chosen (edit, or opened from a client's page), so its name shows at once. */
  selected: Option | null;
};

/** Picks an active client, searched on the server by name, e-mail, CPF or CNPJ. */
export function ClientSelect({ value, onChange, selected, ...props }: Props) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Option | null>(selected);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Typing the chosen client's name again would only search for it: keep the list as it is.
  const term = picked && debounced === picked.label ? '' : debounced;
  const list = useQuery(
    trpc.clients.list.queryOptions(
      { search: term || undefined, is_active: 'true', page: 1, per_page: 20 },
      { placeholderData: keepPreviousData },
    ),
  );
  const options: Option[] = (list.data?.clients ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const current = picked ?? selected;
  const data = current && !options.some((o) => o.value === current.value) ? [current, ...options] : options;

  return (
    <Select
      label="Cliente"
      withAsterisk
      searchable
      placeholder="Busque por nome, e-mail, CPF ou CNPJ"
      data={data}
      value={value == null ? null : String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search text (it matches CPF and e-mail too).
      filter={({ options: all }) => all}
      // The options answer the typing later: the first one shown right after a key is the previous
      // search's, which Enter must not take.
      selectFirstOptionOnChange={false}
      nothingFoundMessage={list.isFetching ? 'Buscando…' : 'Nenhum cliente ativo encontrado'}
      onChange={(next, option) => {
        setPicked(option ? { value: option.value, label: option.label } : null);
        onChange(next ? Number(next) : null);
      }}
      {...props}
    />
  );
}
