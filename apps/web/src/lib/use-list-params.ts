// A list's filters and page live in the address, so a reload, a shared link or the back button
// shows the same rows.
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readPage } from './list-params';
import { leavingScreen } from './navigation';

const SEARCH_DEBOUNCE_MS = 350;

export function useListParams(pageKey = 'page') {
  const [params, setParams] = useSearchParams();
  const page = readPage(params, pageKey);

  /** Sets (or, with undefined/empty, removes) query values; drops the retry marker 't'. */
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete('t');
        return next;
      },
      { replace: true },
    );

  return { params, page, update, setPage: (p: number) => update({ [pageKey]: p > 1 ? String(p) : undefined }) };
}

/**
 * A search box whose debounced text goes to the address (`key`), back to the first page. Not
 * while leaving the screen (a row clicked right after typing): that navigation wins.
 */
export function useSearchParam(key: string, update: (changes: Record<string, string | undefined>) => void, pageKey = 'page') {
  const [params] = useSearchParams();
  const applied = params.get(key) ?? '';
  const [text, setText] = useState(applied);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (!leavingScreen() && debounced !== applied) update({ [key]: debounced || undefined, [pageKey]: undefined });
  }, [debounced]);

  /** Empties the box and removes it and the list's other filters (`filterKeys`) from the address. */
  const clearFilters = (filterKeys: string[]) => {
    setText('');
    update({ ...Object.fromEntries([key, ...filterKeys].map((k) => [k, undefined])), [pageKey]: undefined });
  };

  return { text, setText, applied, clearFilters };
}
