// A small form state hook over the shared rules (section 5): each field validates on input and
// on blur, stops at its first failing rule, and submit validates everything first.
import { validateField, validateForm } from '@app/shared/form-rules';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { fieldErrors } from './api-error';

type Values = Record<string, string>;
type Errors<T> = Partial<Record<keyof T & string, string>>;

export type UseFormOptions<T extends Values> = {
  initialValues: T;
  /** Pipe-separated rules per field: 'required|email', 'required|min:8', 'confirmed:password'. */
  rules?: Partial<Record<keyof T & string, string>>;
  /** Field names for messages that mention the field ({_field_}). */
  labels?: Partial<Record<keyof T & string, string>>;
};

export function useForm<T extends Values>({ initialValues, rules = {}, labels = {} }: UseFormOptions<T>) {
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrors] = useState<Errors<T>>({});
  /** Server errors that belong to no input (a one-time link, 'base'). */
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const labelsRef = useRef(labels);
  labelsRef.current = labels;

  const check = useCallback(
    (name: keyof T & string, all: T) =>
      validateField(all[name], rulesRef.current[name], { field: labelsRef.current[name] ?? name, values: all }),
    [],
  );

  const valuesRef = useRef(values);
  valuesRef.current = values;

  const setFieldValue = useCallback(
    (name: keyof T & string, value: string) => {
      const next = { ...valuesRef.current, [name]: value };
      valuesRef.current = next;
      setValues(next);
      setErrors((prevErrors) => {
        const updated: Errors<T> = { ...prevErrors, [name]: check(name, next) ?? undefined };
        // Fields confirming this one ('confirmed:password') follow it once they have a value.
        for (const [other, r] of Object.entries(rulesRef.current) as [keyof T & string, string][]) {
          if (other !== name && r.includes(`confirmed:${name}`) && next[other]) updated[other] = check(other, next) ?? undefined;
        }
        return updated;
      });
    },
    [check],
  );

  const validateOne = useCallback(
    (name: keyof T & string) => setErrors((prev) => ({ ...prev, [name]: check(name, valuesRef.current) ?? undefined })),
    [check],
  );

  const getInputProps = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => setFieldValue(name, event.currentTarget.value),
    onBlur: () => validateOne(name),
  });

  /** For Mantine Select (value string | null). */
  const getSelectProps = (name: keyof T & string) => ({
    name,
    value: values[name] || null,
    error: errors[name],
    onChange: (value: string | null) => setFieldValue(name, value ?? ''),
    onBlur: () => validateOne(name),
  });

  const focusFirstError = (errs: Errors<T>) => {
    const first = Object.keys(errs).find((k) => errs[k as keyof T & string]);
    if (!first) return;
    const el = formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`);
    el?.focus();
  };

  const onSubmit = (handler: (values: T) => void) => (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    setFormError(null);
    const errs = validateForm<T>(
      valuesRef.current,
      rulesRef.current as Partial<Record<keyof T, string>>,
      labelsRef.current as Partial<Record<keyof T, string>>,
    ) as Errors<T>;
    setErrors(errs);
    if (Object.values(errs).some(Boolean)) {
      focusFirstError(errs);
      return;
    }
    handler(valuesRef.current);
  };

  /** Shows the API's field errors (error.data.errors) beside their inputs. */
  const setServerErrors = (error: unknown) => {
    const server = fieldErrors(error);
    const mine: Errors<T> = {};
    const rest: string[] = [];
    for (const [key, message] of Object.entries(server)) {
      if (key in values) mine[key as keyof T & string] = message;
      else rest.push(message);
    }
    setErrors((prev) => ({ ...prev, ...mine }));
    setFormError(rest[0] ?? null);
    focusFirstError(mine);
  };

  const reset = (next: T = initialValues) => {
    valuesRef.current = next;
    setValues(next);
    setErrors({});
    setFormError(null);
  };

  return { values, errors, formError, formRef, setFieldValue, getInputProps, getSelectProps, onSubmit, setServerErrors, reset };
}
