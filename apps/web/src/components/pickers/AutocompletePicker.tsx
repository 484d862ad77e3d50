import { Combobox, Loader, TextInput, type TextInputProps, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type FocusEvent, useEffect, useState } from 'react';
import { firstMatch } from './reference-options';

/** Typing settles this long before a call: a fast typist sends one request, not one per letter. */
const DEBOUNCE_MS = 200;

export type PickerProps<T> = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue' | 'rightSection'> & {
  /** The chosen row's id; null when empty (what `form.getInputProps` passes). */
  value?: number | null;
  onChange: (id: number | null, item: T | null) => void;
  /** The chosen row's text when a form opens with a value (the picker has not fetched that row). */
  initialLabel?: string;
};

type Props<T, D, K extends QueryKey> = PickerProps<T> & {
  /** The query of the best matches of a term ('' when nothing is typed). */
  // biome-ignore lint/suspicious/noExplicitAny: the error type of each caller's tRPC options differs
  search: (term: string) => Pick<UseQueryOptions<D, any, D, K>, 'queryKey' | 'queryFn'>;
  /** The rows of an answer. */
  itemsOf: (data: D) => readonly T[];
  /** An option's text, and the field's once chosen. */
  optionText: (item: T) => string;
  /** The field as role="combobox" with aria-expanded (as a Mantine Select's), not a text box with a list. */
  withExpandedAttribute?: boolean;
};

/**
 * The autocomplete combobox of the app's pickers: type, then Enter takes the first match (or the
 * one the arrows highlight); Esc closes; leaving the field puts the chosen row's text back.
 */
export function AutocompletePicker<T extends { id: number }, D, K extends QueryKey>({
  value,
  onChange,
  initialLabel,
  search,
  itemsOf,
  optionText,
  withExpandedAttribute,
  onFocus,
  onBlur,
  ...props
}: Props<T, D, K>) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [chosenLabel, setChosenLabel] = useState(value == null ? '' : (initialLabel ?? ''));
  const [typed, setTyped] = useState(chosenLabel);
  const [searching, setSearching] = useState(false);
  const [pickWhenAnswered, setPickWhenAnswered] = useState(false);
  // The term searched: nothing while the field shows the chosen row, else what is typed, settled.
  const searched = searching ? typed : '';
  const [term] = useDebouncedValue(searched, DEBOUNCE_MS);

  // A value cleared from outside (a form reset) clears the text.
  useEffect(() => {
    if (value == null) setChosenLabel('');
  }, [value]);
  useEffect(() => {
    if (!searching) setTyped(chosenLabel);
  }, [chosenLabel, searching]);

  // The previous answer stays on screen while the next term's comes (no flicker), marked stale.
  const query = useQuery({ ...search(term), enabled: combobox.dropdownOpened, placeholderData: keepPreviousData });
  const items = query.isPlaceholderData || !query.data ? undefined : itemsOf(query.data);
  const fresh = query.isSuccess && !query.isFetching ? term : undefined;

  function choose(item: T | null) {
    const text = item ? optionText(item) : '';
    setChosenLabel(text);
    setTyped(text);
    setSearching(false);
    setPickWhenAnswered(false);
    combobox.closeDropdown();
    onChange(item?.id ?? null, item);
  }

  // Enter pressed before the answer to the typed text came: take its first match when it comes.
  useEffect(() => {
    if (!pickWhenAnswered) return;
    const match = firstMatch(typed, fresh, items);
    if (match !== undefined) {
      setPickWhenAnswered(false);
      if (match) choose(match);
    }
  });

  // The first match is highlighted once the answer is the typed text's: Enter then takes it.
  useEffect(() => {
    if (firstMatch(typed, fresh, items)) combobox.selectFirstOption();
  }, [typed, fresh, items, combobox]);

  const shown = query.data ? itemsOf(query.data) : [];
  const loading = combobox.dropdownOpened && (query.isFetching || term !== searched);

  return (
    <Combobox store={combobox} onOptionSubmit={(id) => choose(shown.find((item) => String(item.id) === id) ?? null)} withinPortal>
      <Combobox.Target withExpandedAttribute={withExpandedAttribute}>
        <TextInput
          {...props}
          value={typed}
          autoComplete="off"
          rightSection={loading ? <Loader size={16} /> : null}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setSearching(true);
            setPickWhenAnswered(false);
            combobox.openDropdown();
            combobox.resetSelectedOption();
            // An emptied field clears the choice.
            if (!event.currentTarget.value.trim() && value != null) onChange(null, null);
          }}
          onFocus={(event: FocusEvent<HTMLInputElement>) => {
            combobox.openDropdown();
            onFocus?.(event);
          }}
          onClick={() => combobox.openDropdown()}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            combobox.closeDropdown();
            setSearching(false);
            setTyped(chosenLabel);
            onBlur?.(event);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || !searching || !combobox.dropdownOpened || combobox.getSelectedOptionIndex() !== -1) return;
            // Enter never submits the form from here: it picks the first match, now or when it comes.
            event.preventDefault();
            const match = firstMatch(typed, fresh, items);
            if (match === undefined) setPickWhenAnswered(true);
            else if (match) choose(match);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          {shown.map((item) => (
            <Combobox.Option value={String(item.id)} key={item.id} active={item.id === value}>
              {optionText(item)}
            </Combobox.Option>
          ))}
          {query.isSuccess && shown.length === 0 && !loading ? <Combobox.Empty>Nenhum resultado</Combobox.Empty> : null}
          {query.isError ? <Combobox.Empty>Não foi possível buscar. Tente novamente.</Combobox.Empty> : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
