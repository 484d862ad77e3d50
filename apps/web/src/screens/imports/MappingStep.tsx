import { type Import, previewImportInput } from '@app/shared/imports';
import { z } from '@app/shared/zod';
import { Button, Group, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { ErrorText } from '../../components/ErrorText';
import { useSchemaForm } from '../../lib/form';
import { StepHeading } from './StepFrame';

export type MappingValues = { mapping: Record<string, number>; update_existing: boolean };
type FormValues = { mapping: Record<string, number | null>; update_existing: boolean };

/** A column of the file, as the preview takes it. */
const COLUMN = previewImportInput.shape.mapping.valueType;
/** The value of "Não importar" in an optional field's select. */
const NONE = 'nenhuma';

/** The preview's own schema, with the kind's fields (a required one must get its column). */
const mappingSchema = (fields: Import['fields']) =>
  previewImportInput.pick({ update_existing: true }).extend({
    mapping: z.object(Object.fromEntries(fields.map((f) => [f.key, f.required ? COLUMN : COLUMN.optional()]))),
  });

const FORMAT_LABELS: Record<string, string> = { csv: 'CSV', xlsx: 'XLSX' };
const DELIMITER_LABELS: Record<string, string> = { ';': 'ponto e vírgula', ',': 'vírgula', '\t': 'tabulação' };

/** 'CSV separado por ponto e vírgula, windows-1252 · 7 colunas' */
function fileDescription(imp: Import): string {
  const parts = [FORMAT_LABELS[imp.format] ?? imp.format];
  if (imp.delimiter) parts.push(`separado por ${DELIMITER_LABELS[imp.delimiter] ?? imp.delimiter}`);
  const encoding = imp.encoding ? `, ${imp.encoding.toUpperCase()}` : '';
  return `${parts.join(' ')}${encoding} · ${imp.headers.length} ${imp.headers.length === 1 ? 'coluna' : 'colunas'}`;
}

/**
 * Step 2: each field of the kind with the column of the file it takes (the API's guess first; a
 * column goes to one field only), and whether rows already in the agency update them.
 */
export function MappingStep({
  imp,
  pending,
  onPreview,
  onStartOver,
}: {
  imp: Import;
  pending: boolean;
  /** Sends the mapping to the preview; `onError` puts the API's field errors on the selects. */
  onPreview: (values: MappingValues, onError: (error: unknown) => void) => void;
  onStartOver: () => void;
}) {
  const form = useSchemaForm({
    schema: mappingSchema(imp.fields),
    initialValues: {
      mapping: Object.fromEntries(imp.fields.map((f) => [f.key, imp.mapping[f.key] ?? null])),
      update_existing: imp.update_existing,
    } satisfies FormValues as FormValues,
  });
  const mapping = form.values.mapping;
  const usedBy = new Map(Object.entries(mapping).flatMap(([key, column]) => (column === null ? [] : [[column, key] as const])));
  const labelOf = (key: string | undefined) => imp.fields.find((f) => f.key === key)?.label;

  const submit = form.submit((input) => {
    const chosen = Object.entries(input.mapping).filter((entry): entry is [string, number] => entry[1] !== undefined);
    onPreview({ mapping: Object.fromEntries(chosen), update_existing: input.update_existing }, form.setServerErrors);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StepHeading>Mapear colunas</StepHeading>
        <Text fz="sm" c="dimmed">
          <Text span fw={500} c="var(--mantine-color-text)" data-testid="import-filename">
            {imp.filename}
          </Text>{' '}
          · {fileDescription(imp)}. Escolha a coluna da planilha de cada campo; os campos marcados com * são obrigatórios e as colunas sem
          campo não são importadas.
        </Text>
        <ErrorText>{form.formError}</ErrorText>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" data-testid="import-mapping">
          {imp.fields.map((f) => {
            const path = `mapping.${f.key}`;
            const column = mapping[f.key];
            const options = imp.headers.map((header, index) => {
              const other = usedBy.get(index);
              const taken = other !== undefined && other !== f.key;
              const name = header.trim() || `Coluna ${index + 1}`;
              return { value: String(index), label: taken ? `${name} (em ${labelOf(other)})` : name, disabled: taken };
            });
            return (
              <Select
                key={f.key}
                {...form.getInputProps(path)}
                label={f.label}
                description={f.hint ? `Formato: ${f.hint}` : undefined}
                required={f.required}
                placeholder="Escolha a coluna"
                data={f.required ? options : [{ value: NONE, label: 'Não importar' }, ...options]}
                value={column === null || column === undefined ? (f.required ? null : NONE) : String(column)}
                onChange={(value) => form.setFieldValue(path, value === null || value === NONE ? null : Number(value))}
                allowDeselect={false}
                checkIconPosition="right"
                comboboxProps={{ shadow: 'md' }}
              />
            );
          })}
        </SimpleGrid>
        <Switch
          label="Atualizar cadastros existentes"
          description="Uma linha com o CPF/CNPJ (ou, sem ele, o e-mail) de um cadastro da agência atualiza esse cadastro com as células preenchidas; desligado, ela é recusada."
          {...form.getInputProps('update_existing', { type: 'checkbox' })}
        />
        <Group justify="space-between" gap="xs">
          <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onStartOver} disabled={pending}>
            Enviar outro arquivo
          </Button>
          <Button type="submit" leftSection={<IconEye size={16} aria-hidden />} loading={pending}>
            Pré-visualizar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
