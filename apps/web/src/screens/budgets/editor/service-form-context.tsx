// What the per-type fields of the service form share: the form, and the text of each chosen
// reference row (the details hold ids only; a stored service's names come from service-central,
// a flight lookup's from its answer).

import type { serviceFieldsInput } from '@app/shared/budget-services';
import type { ReferenceItem } from '@app/shared/reference-list-schemas';
import type { ReferenceListKey } from '@app/shared/reference-lists';
import { createContext, useContext } from 'react';
import { ReferencePicker } from '../../../components/pickers/ReferencePicker';
import { optionLabel } from '../../../components/pickers/reference-options';
import type { SchemaForm } from '../../../lib/form';
import type { ServiceValues } from './service-values';

export type ServiceForm = SchemaForm<typeof serviceFieldsInput, ServiceValues>;

type Context = {
  form: ServiceForm;
  /** The chosen row's text by form path ('details.segments.0.airline_id'). */
  labels: Record<string, string>;
  /** Keeps a chosen row's text; `remount` when the value was set from outside the picker (it then shows it). */
  setLabel: (path: string, label: string, remount?: boolean) => void;
  /** Removes a row of a list ('details.segments') with the texts of its picks, the later rows' moving up. */
  removeRow: (listPath: string, index: number) => void;
  /** Changes when texts were set from outside: pickers remount to show them. */
  labelsVersion: number;
};

export const ServiceFormContext = createContext<Context | null>(null);

export function useServiceForm(): Context {
  const context = useContext(ServiceFormContext);
  if (!context) throw new Error('useServiceForm outside ServiceFormContext');
  return context;
}

/** A reference-list pick bound to a form path (an id in `details`). */
export function RefField({
  path,
  list,
  label,
  placeholder,
  parentId,
  withAsterisk,
  onPicked,
}: {
  path: string;
  list: ReferenceListKey;
  label: string;
  placeholder?: string;
  parentId?: number | null;
  withAsterisk?: boolean;
  /** Also told of the chosen row (an airline's IATA code for the flight lookup). */
  onPicked?: (item: ReferenceItem | null) => void;
}) {
  const { form, labels, setLabel, labelsVersion } = useServiceForm();
  const { onChange: _set, ...props } = form.getInputProps(path);
  return (
    <ReferencePicker
      key={`${path}:${labelsVersion}`}
      list={list}
      label={label}
      placeholder={placeholder ?? 'Digite para buscar'}
      parentId={parentId}
      withAsterisk={withAsterisk}
      initialLabel={labels[path]}
      {...props}
      onChange={(id, item) => {
        form.setFieldValue(path, id as never);
        setLabel(path, item ? optionLabel(list, item) : '');
        onPicked?.(item);
      }}
    />
  );
}
