// Repeatable rows of the client form (contacts, documents). Each row validates like a use-form
// field (section 5 rules, on input and on blur); a row left blank is dropped on save, and the
// server's errors ('contacts.1.email') land on the row that was sent in that place.
import { CLIENT_LIST_LABELS } from '@app/shared/crm-labels';
import { validateField } from '@app/shared/form-rules';
import { capitalize } from '@app/shared/format';
import { useRef, useState } from 'react';

type RowValues = Record<string, string>;
type Field<T> = keyof T & string;
export type RowErrors<T> = Partial<Record<Field<T>, string>>;
export type Row<T> = { key: number; values: T; errors: RowErrors<T> };

export type RowListOptions<T extends RowValues> = {
  /** The list's field in the API; inputs are named like its error paths ('contacts.0.email'), labelled by CLIENT_LIST_LABELS. */
  path: 'contacts' | 'documents';
  initial: T[];
  /** A new row; its keys give the order in which errors are focused. */
  empty: T;
  rules: Partial<Record<Field<T>, string>>;
  /** The fields that make a row count as filled (a select with a default value does not). */
  filledBy: Field<T>[];
  /** Rules across fields of one row ('expires_at' not before 'issued_at'). */
  check?: (values: T) => RowErrors<T>;
  /** Fields whose message depends on another one: { issued_at: ['expires_at'] }. */
  dependents?: Partial<Record<Field<T>, Field<T>[]>>;
};

let nextKey = 1;

export function useRowList<T extends RowValues>(o: RowListOptions<T>) {
  const [rows, setRows] = useState<Row<T>[]>(() => o.initial.map((values) => ({ key: nextKey++, values, errors: {} })));
  /** An error of the list itself ('contacts': too many), shown under the section. */
  const [listError, setListError] = useState<string | null>(null);
  /** The rows of the last save, in the order sent: the server's 'contacts.1' is the second of them. */
  const sentKeys = useRef<number[]>([]);
  const fields = Object.keys(o.empty) as Field<T>[];
  const labels: Partial<Record<string, string>> = CLIENT_LIST_LABELS[o.path].fields;

  const isBlank = (values: T) => o.filledBy.every((f) => !values[f]?.trim());
  const fieldError = (values: T, name: Field<T>): string | undefined => {
    if (isBlank(values)) return undefined;
    const rule = validateField(values[name], o.rules[name], { field: labels[name] ?? name, values });
    return rule ?? o.check?.(values)[name];
  };
  const update = (key: number, change: (row: Row<T>) => Row<T>) => setRows((prev) => prev.map((r) => (r.key === key ? change(r) : r)));
  const inputName = (index: number, field: string) => `${o.path}.${index}.${field}`;

  const setField = (key: number, name: Field<T>, value: string) =>
    update(key, (row) => {
      const values = { ...row.values, [name]: value };
      // A row emptied again will be dropped: nothing in it is wrong any more.
      if (isBlank(values)) return { ...row, values, errors: {} };
      const errors: RowErrors<T> = { ...row.errors, [name]: fieldError(values, name) };
      for (const other of o.dependents?.[name] ?? []) if (values[other]) errors[other] = fieldError(values, other);
      return { ...row, values, errors };
    });

  const touch = (key: number, name: Field<T>) =>
    update(key, (row) => ({ ...row, errors: { ...row.errors, [name]: fieldError(row.values, name) } }));

  /** For a Mantine input of a row, like use-form's getInputProps. */
  const inputProps = (index: number, row: Row<T>, name: Field<T>) => ({
    name: inputName(index, name),
    value: row.values[name],
    error: row.errors[name],
    onChange: (event: { currentTarget: { value: string } }) => setField(row.key, name, event.currentTarget.value),
    onBlur: () => touch(row.key, name),
  });

  const add = (): number => {
    const key = nextKey++;
    setRows((prev) => [...prev, { key, values: { ...o.empty }, errors: {} }]);
    return key;
  };

  const remove = (key: number) => setRows((prev) => prev.filter((r) => r.key !== key));

  /** Checks every row; answers the name of the first input in error, or null. */
  const validate = (): string | null => {
    const checked = rows.map((row) => ({
      ...row,
      errors: Object.fromEntries(fields.map((f) => [f, fieldError(row.values, f)])) as RowErrors<T>,
    }));
    setRows(checked);
    setListError(null);
    for (const [index, row] of checked.entries()) {
      const field = fields.find((f) => row.errors[f]);
      if (field) return inputName(index, field);
    }
    return null;
  };

  /** The filled rows, in order, remembered to place the server's answer. */
  const filled = (): T[] => {
    const sent = rows.filter((r) => !isBlank(r.values));
    sentKeys.current = sent.map((r) => r.key);
    return sent.map((r) => r.values);
  };

  /** Shows the server's errors of this list on their rows; answers the input to focus, or null. */
  const setServerErrors = (errors: Record<string, string[]>): string | null => {
    const byKey = new Map<number, RowErrors<T>>();
    let list: string | null = null;
    for (const [path, messages] of Object.entries(errors)) {
      const [head, index, field] = path.split('.');
      const message = messages[0];
      if (head !== o.path || !message) continue;
      const key = index === undefined ? undefined : sentKeys.current[Number(index)];
      if (key === undefined || !field || !fields.includes(field as Field<T>)) list ??= capitalize(message);
      else byKey.set(key, { [field as Field<T>]: capitalize(message), ...byKey.get(key) } as RowErrors<T>);
    }
    setRows((prev) => prev.map((r) => ({ ...r, errors: { ...r.errors, ...byKey.get(r.key) } })));
    setListError(list);
    for (const [index, row] of rows.entries()) {
      const field = fields.find((f) => byKey.get(row.key)?.[f]);
      if (field) return inputName(index, field);
    }
    return null;
  };

  return { path: o.path, rows, listError, inputProps, setField, add, remove, validate, filled, setServerErrors };
}

export type RowList<T extends RowValues> = ReturnType<typeof useRowList<T>>;
