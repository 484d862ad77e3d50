// What a reference list picker shows and sends, apart from React: an option's label derived from the
// list's declaration, the query it runs, and which option Enter picks.
import type { ReferenceItem, ReferenceListQueryInput } from '@app/shared/reference-list-schemas';
import { type ReferenceListKey, referenceList } from '@app/shared/reference-lists';
import type { Trpc } from '../../lib/trpc';

/** Parents users know by their code: a city reads 'Campinas · SP'. */
const PARENTS_SHOWN_BY_CODE: ReadonlySet<string> = new Set(['state_params']);

const countryNames = new Intl.DisplayNames(['pt-BR'], { type: 'region', fallback: 'none' });

/**
 * Where a row is: its parent (a state by its UF, 'SP'; any other by its name), else its own city
 * field, else its country ('Lisboa · Portugal').
 */
function whereOf(list: ReferenceListKey, item: ReferenceItem): string | null {
  const parentList = referenceList(list).parent?.list;
  if (item.parent) return (parentList && PARENTS_SHOWN_BY_CODE.has(parentList) && item.parent.code) || item.parent.name;
  const { city_name: city, country_code: country } = item.fields;
  if (typeof city === 'string' && city) return city;
  return typeof country === 'string' && country ? (countryNames.of(country) ?? country) : null;
}

/**
 * An option's text: the code first when users search by it (an airport's IATA code, not a city's
 * IBGE number), the name, then where the row is: 'GRU · Aeroporto de Guarulhos · São Paulo',
 * 'Campinas · SP', 'Lisboa · Portugal', 'MSC Seaview · MSC Cruzeiros'.
 */
export function optionLabel(list: ReferenceListKey, item: ReferenceItem): string {
  const showsCode = referenceList(list).search.includes('code');
  return [showsCode ? item.code : null, item.name, whereOf(list, item)].filter(Boolean).join(' · ');
}

/** The text of a row known only by its name and code (a form's current parent), as its option reads. */
export function parentOptionLabel(list: ReferenceListKey, row: { name: string; code: string | null }): string {
  const showsCode = referenceList(list).search.includes('code');
  return [showsCode ? row.code : null, row.name].filter(Boolean).join(' · ');
}

/** The autocomplete call: active rows only, the best matches first, under one parent when given. */
export function autocompleteInput(search: string, parentId?: number | null): ReferenceListQueryInput {
  const term = search.trim();
  return { autocomplete: 'true', ...(term ? { search: term } : {}), ...(parentId ? { parent_id: parentId } : {}) };
}

/**
 * The query options of a picker's call. TanStack Query's AbortSignal reaches the tRPC link only
 * with `abortOnUnmount`: a superseded term's request is then cancelled instead of finishing.
 */
export const autocompleteOptions = (trpc: Trpc, list: ReferenceListKey, search: string, parentId?: number | null) =>
  trpc.referenceLists[list].list.queryOptions(autocompleteInput(search, parentId), { trpc: { abortOnUnmount: true } });

/**
 * What Enter takes when no option is highlighted: the first match, but only from the answer to what
 * is typed now (an older answer's first row is another term's match). Undefined: not answered yet,
 * wait for it; null: nothing matches.
 */
export function firstMatch<T = ReferenceItem>(
  typed: string,
  answeredFor: string | undefined,
  items: readonly T[] | undefined,
): T | null | undefined {
  if (items === undefined || answeredFor === undefined || answeredFor.trim() !== typed.trim()) return undefined;
  return items[0] ?? null;
}
