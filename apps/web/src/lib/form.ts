// The one form library of the app: @mantine/form, validated by the API's own zod schemas through
// the shared form error map (packages/shared form.ts). A field validates as it changes and when
// it is left after a change (never for a mere visit: tabbing past an empty field says nothing until
// the submit), inputs take their limits (a text's length, a number's range) from the schema, a submit with errors
// scrolls to and focuses the first field in error, and the API's field errors land on their fields,
// list rows included, and only there (the notification bar leaves them out).
import {
  type FormLabels,
  type FormSchema,
  fieldMessage,
  formSchema,
  inputLimitsOf,
  type Schema,
  type SchemaOutput,
} from '@app/shared/form';
import { type FormErrors, schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { type FormEvent, useRef, useState } from 'react';
import { apiError, fieldKey, fieldLabel, markShownByForm } from './api-error';
import { sameValues } from './same-values';

type Values = Record<string, unknown>;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The value at a form path ('contacts.1.email'), or undefined when there is none. */
function valueAt(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Values)[key] : undefined), values);
}

/** The paths of a form's values, nested ones included ('user', 'user.email'). */
function pathsOf(values: unknown, prefix = ''): string[] {
  if (typeof values !== 'object' || values === null) return [];
  return Object.entries(values).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...pathsOf(value, path)];
  });
}

/**
 * Where an API error's path is in the form: the same path, else the one field of the form (out
 * of its lists' rows) with that name (an API that names 'email' for the form's 'user.email');
 * undefined when neither.
 */
function inputPathOf(values: unknown, path: string): string | undefined {
  if (valueAt(values, path) !== undefined) return path;
  const named = pathsOf(values).filter((at) => at.endsWith(`.${path}`) && !/\.\d+\./.test(`.${at}`));
  return named.length === 1 ? named[0] : undefined;
}

export type SchemaForm<S extends Schema, V extends Values> = UseFormReturnType<V, SchemaOutput<S>> & {
  /** An error of the API that belongs to no input (an expired link), shown above the fields. */
  formError: string | null;
  /** The form's onSubmit: validates everything, then hands over the values as the API takes them. */
  submit: (handler: (input: SchemaOutput<S>) => void) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Shows the API's field errors on their fields (the rows as shown when they were sent). */
  setServerErrors: (error: unknown) => void;
  /** Whether the values differ from the saved ones (a list's row added or removed included). */
  hasChanges: () => boolean;
};

/** A form's rules from its schema: the validator, and the resolver the form library runs. */
type Rules<S extends Schema> = { schema: S; validator: FormSchema<S>; resolve: (values: unknown) => FormErrors };

function rulesOf<S extends Schema>(schema: S, labels: FormLabels | undefined): Rules<S> {
  const validator = formSchema(schema, labels);
  return { schema, validator, resolve: schemaResolver(validator, { sync: true }) };
}

/** The rules of a form: at hand with a schema; with a schema's loader, loaded when first used. */
function formRules<S extends Schema>(schema: S | (() => Promise<S>), labels: FormLabels | undefined, onLoad: () => void) {
  let rules = typeof schema === 'function' ? null : rulesOf(schema, labels);
  let loading: Promise<Rules<S>> | null = null;
  const load = () => {
    loading ??= (schema as () => Promise<S>)().then(
      (loaded) => {
        rules = rulesOf(loaded, labels);
        onLoad();
        return rules;
      },
      (error: unknown) => {
        // The next validation tries again (a chunk that failed to load).
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    current: () => rules,
    /** The form's errors: at once with the rules at hand, else once they have loaded. */
    resolve: (values: unknown): FormErrors | Promise<FormErrors> => (rules ? rules.resolve(values) : load().then((r) => r.resolve(values))),
  };
}

export function useSchemaForm<S extends Schema, V extends Values>(options: {
  /**
   * The schema the API validates this form's call with; the values mirror its input. Or a loader
   * of it, for a first screen: the schema, and zod with it, load when the form first validates,
   * and the inputs take its limits from then on.
   */
  schema: S | (() => Promise<S>);
  initialValues: V;
  /** The labels of fields that messages name ('The Nome field...', 'CPF não é válido'), by field name. */
  labels?: FormLabels;
  /** The values as saved, when the form opens on others (a restored draft); else `initialValues`. */
  savedValues?: V;
}): SchemaForm<S, V> {
  const { schema, initialValues, labels } = options;
  const [saved] = useState(() => options.savedValues ?? initialValues);
  const [, setLoaded] = useState(false);
  const [rules] = useState(() => formRules(schema, labels, () => setLoaded(true)));
  const [formError, setFormError] = useState<string | null>(null);
  /** The values of the last submit: the API's 'contacts.1' is the second row sent of them. */
  const sent = useRef<unknown>(initialValues);
  /** Fields showing the API's error: it stays until the field itself changes. */
  const fromServer = useRef(new Set<string>());
  const self = useRef<UseFormReturnType<V, SchemaOutput<S>> | null>(null);

  const form = useForm<V, SchemaOutput<S>>({
    initialValues,
    validate: rules.resolve,
    validateInputOnChange: true,
    transformValues: (values) => {
      // Runs after a successful validation, so after the rules loaded.
      const loaded = rules.current();
      if (!loaded) throw new Error('form rules not loaded');
      return loaded.validator.parse(values);
    },
    enhanceGetInputProps: ({ field, form: self }) => {
      const loaded = rules.current();
      const path = String(field);
      return {
        ...(loaded ? inputLimitsOf(loaded.schema, path) : {}),
        onBlur: () => {
          if (self.isDirty(path)) self.validateField(path);
        },
      };
    },
    // The changed field validates itself; the others that depend on it (a confirmation, an end
    // date) follow: those showing an error and those already visited with a value.
    onValuesChange: (values, previous) => {
      const current = self.current;
      if (!current) return;
      for (const path of fromServer.current) if (valueAt(values, path) !== valueAt(previous, path)) fromServer.current.delete(path);
      const follow = (found: FormErrors) => {
        const visited = Object.entries(current.getTouched()).flatMap(([path, yes]) =>
          yes && !isBlank(valueAt(values, path)) ? [path] : [],
        );
        current.setErrors((shown) => {
          const next: FormErrors = { ...shown };
          for (const path of new Set([...Object.keys(shown), ...visited])) {
            if (fromServer.current.has(path)) continue;
            if (found[path]) next[path] = found[path];
            else delete next[path];
          }
          return next;
        });
      };
      const found = rules.resolve(values);
      if (found instanceof Promise) void found.then(follow);
      else follow(found);
    },
  });
  self.current = form;

  /**
   * Brings the first of these fields in the page's order to the middle of the view (clear of the
   * fixed header), then focuses it.
   */
  const focusFirst = (paths: string[]) => {
    const nodes = paths.flatMap((path) => form.getInputNode(path) ?? []);
    nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const first = nodes[0];
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  };

  const submit: SchemaForm<S, V>['submit'] = (handler) =>
    form.onSubmit(
      (input) => {
        sent.current = form.getValues();
        setFormError(null);
        handler(input);
      },
      (errors) => focusFirst(Object.keys(errors)),
    );

  const setServerErrors = (error: unknown) => {
    const own: FormErrors = {};
    const other: string[] = [];
    for (const [path, [message]] of Object.entries(apiError(error).errors)) {
      if (!message) continue;
      const at = inputPathOf(sent.current, rules.current()?.validator.formPath(sent.current, path) ?? path);
      // Under its input, read like the form's own messages ('CPF já está em uso'); without an
      // input, above the fields and named ('Contato 2 - E-mail não é válido').
      if (at !== undefined) own[at] = fieldMessage(message, labels?.[fieldKey(path)]);
      else other.push(fieldMessage(message, fieldLabel(path, labels)));
    }
    fromServer.current = new Set(Object.keys(own));
    form.setErrors((shown) => ({ ...shown, ...own }));
    setFormError(other[0] ?? null);
    focusFirst(Object.keys(own));
    if (Object.keys(own).length > 0 || other.length > 0) markShownByForm(error);
  };

  return { ...form, formError, submit, setServerErrors, hasChanges: () => !sameValues(form.getValues(), saved) };
}
