// Create or edit a row of any reference list: the inputs come from the list's declaration (its
// name, code, parent and fields) and validate with the list's own API schema.

import { type ReferenceItem, referenceCreateInput } from '@app/shared/reference-list-schemas';
import { type FieldDeclaration, listWords, type ReferenceListKey, referenceList } from '@app/shared/reference-lists';
import { NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ErrorText } from '../../components/ErrorText';
import { FormActions } from '../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../components/FormDialog';
import { ReferencePicker } from '../../components/pickers/ReferencePicker';
import { parentOptionLabel } from '../../components/pickers/reference-options';
import { useSchemaForm } from '../../lib/form';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

type Props = { listKey: ReferenceListKey; opened: boolean; item?: ReferenceItem; onClose: () => void };
type FieldValue = string | number | null;

/** The time zones the platform knows, for the time zone inputs. */
const timeZones = () => Intl.supportedValuesOf('timeZone');

function FieldInput({ field, props }: { field: FieldDeclaration; props: GetInputPropsReturnType }) {
  const description = field.kind === 'code' ? field.hint : undefined;
  switch (field.kind) {
    case 'integer':
      return <NumberInput label={field.label} withAsterisk={field.required} allowDecimal={false} {...props} />;
    case 'timezone':
      return (
        <Select
          label={field.label}
          withAsterisk={field.required}
          searchable
          clearable={!field.required}
          placeholder="ex.: America/Sao_Paulo"
          data={timeZones()}
          limit={50}
          {...props}
          value={props.value || null}
        />
      );
    case 'text':
      return field.multiline ? (
        <Textarea label={field.label} withAsterisk={field.required} autosize minRows={2} {...props} />
      ) : (
        <TextInput label={field.label} withAsterisk={field.required} autoComplete="off" {...props} />
      );
    case 'code':
      return <TextInput label={field.label} description={description} withAsterisk={field.required} autoComplete="off" {...props} />;
  }
}

function ReferenceItemForm({ listKey, item, onClose }: Omit<Props, 'opened'>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const d = referenceList(listKey);
  const procedures = trpc.referenceLists[listKey];
  const schema = useMemo(() => referenceCreateInput(listKey), [listKey]);
  const fieldEntries = Object.entries(d.fields);

  const form = useSchemaForm({
    schema,
    initialValues: {
      name: item?.name ?? '',
      ...(d.code ? { code: item?.code ?? '' } : {}),
      ...(d.parent ? { parent_id: item?.parent_id ?? null } : {}),
      ...(fieldEntries.length > 0
        ? { fields: Object.fromEntries(fieldEntries.map(([key]) => [key, (item?.fields[key] ?? '') as FieldValue])) }
        : {}),
    } as Record<string, unknown>,
    labels: {
      name: d.name.label,
      ...(d.code ? { code: d.code.label } : {}),
      ...Object.fromEntries(fieldEntries.map(([key, f]) => [key, f.label])),
    },
  });
  const close = useUnsavedChanges(form.hasChanges());

  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: procedures.pathKey() });
    toastSuccess(message);
    onClose();
  };
  const ending = d.label.feminine ? 'a' : 'o';
  const title = listWords(d.label).titleOne;
  const create = useMutation(
    procedures.create.mutationOptions({
      onSuccess: () => done(`${title} cadastrad${ending}.`),
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const update = useMutation(
    procedures.update.mutationOptions({
      onSuccess: () => done(`${title} atualizad${ending}.`),
      onError: (error) => form.setServerErrors(error),
    }),
  );

  const submit = form.submit((input) => {
    if (item) update.mutate({ ...input, id: item.id });
    else create.mutate(input);
  });
  const parentError = form.errors.parent_id;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <TextInput label={d.name.label} withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        {d.code && <FieldInput field={d.code} props={form.getInputProps('code')} />}
        {d.parent && (
          <ReferencePicker
            list={d.parent.list as ReferenceListKey}
            label={d.parent.label}
            withAsterisk={d.parent.required}
            initialLabel={item?.parent ? parentOptionLabel(d.parent.list as ReferenceListKey, item.parent) : undefined}
            value={(form.values.parent_id as number | null) ?? null}
            onChange={(id) => form.setFieldValue('parent_id', id)}
            error={parentError}
          />
        )}
        {fieldEntries.map(([key, f]) => (
          <FieldInput key={key} field={f} props={form.getInputProps(`fields.${key}`)} />
        ))}
        <FormActions onCancel={close} pending={create.isPending || update.isPending} mt="xs">
          {item ? 'Salvar alterações' : 'Cadastrar'}
        </FormActions>
      </Stack>
    </form>
  );
}

export function ReferenceItemFormModal({ listKey, opened, item, onClose }: Props) {
  const { label } = referenceList(listKey);
  const title = item ? `Editar ${label.one}` : `${label.feminine ? 'Nova' : 'Novo'} ${label.one}`;
  return (
    <FormDialog opened={opened} onClose={onClose} title={<Text fw={600}>{title}</Text>} centered size="lg">
      {/* Mounted only while open, so every opening starts from fresh values. */}
      {opened && <ReferenceItemForm listKey={listKey} item={item} onClose={onClose} />}
    </FormDialog>
  );
}
