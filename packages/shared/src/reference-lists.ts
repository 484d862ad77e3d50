// The reference lists as screens read them, without zod: the declarations (packages/db, beside their
// table) and the texts derived from their labels. The zod contracts are in reference-list-schemas.ts.
import {
  type ListDeclaration,
  type ListLabel,
  REFERENCE_LISTS,
  type ReferenceListKey,
  SYSTEM_LISTS,
  type SystemListDeclaration,
  type SystemListKey,
} from '@app/db/reference-lists';
import { capitalize } from './format';

export {
  type CodeDeclaration,
  type CodeField,
  type FieldDeclaration,
  type IntegerField,
  type ListDeclaration,
  type ListLabel,
  REFERENCE_GROUPS,
  REFERENCE_LIST_KEYS,
  REFERENCE_LISTS,
  type ReferenceGroup,
  type ReferenceListKey,
  type StoredListKey,
  SYSTEM_LIST_KEYS,
  SYSTEM_LISTS,
  type SystemListDeclaration,
  type SystemListKey,
  type TextField,
  type TimeZoneField,
} from '@app/db/reference-lists';

export const referenceList = (key: ReferenceListKey): ListDeclaration => REFERENCE_LISTS[key];
export const systemList = (key: SystemListKey): SystemListDeclaration => SYSTEM_LISTS[key];

/** A page of a list screen; a picker (autocomplete) shows fewer, the best matches first. */
export const REFERENCE_PAGE_SIZE = 20;
export const AUTOCOMPLETE_PAGE_SIZE = 10;

/** Words for a list's rows: 'Aeroportos', 'os aeroportos', 'um aeroporto'. */
export function listWords(label: ListLabel) {
  return {
    title: capitalize(label.many),
    titleOne: capitalize(label.one),
    the: `${label.feminine ? 'as' : 'os'} ${label.many}`,
    theOne: `${label.feminine ? 'a' : 'o'} ${label.one}`,
    anOne: `${label.feminine ? 'uma' : 'um'} ${label.one}`,
  };
}

/** The labels of a list's searched columns, as a sentence: 'nome, código IATA e cidade'. */
export function searchedLabels(d: SystemListDeclaration): string {
  const labelOf = (column: string) =>
    column === 'name' ? d.name.label : column === 'code' ? (d.code?.label ?? column) : (d.fields[column]?.label ?? column);
  // Mid-sentence: 'Código IATA' reads 'código IATA'.
  const labels = d.search.map((column) => {
    const label = labelOf(column);
    return label.charAt(0).toLowerCase() + label.slice(1);
  });
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} e ${labels.at(-1)}` : (labels[0] ?? '');
}
