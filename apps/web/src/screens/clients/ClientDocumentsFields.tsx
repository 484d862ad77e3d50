import type { Client } from '@app/shared/clients';
import { CLIENT_DOCUMENT_TYPES, CLIENT_LIST_LABELS } from '@app/shared/crm-labels';
import { Group, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CountrySelect } from '../../components/CountrySelect';
import { DateField } from '../../components/DateField';
import { expiryStatus } from './document-expiry';
import { DOCUMENT_TYPE_LABELS } from './labels';
import { RowsFieldset } from './RowsFieldset';

const LABELS = CLIENT_LIST_LABELS.documents.fields;
const EXPIRY_WARNINGS = {
  expired: 'Documento vencido.',
  expiring: 'Passaporte com menos de 6 meses de validade: muitos países exigem 6 meses na data da viagem.',
} as const;
const TYPE_OPTIONS = CLIENT_DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }));

/** `id` of a saved document: its number comes masked, and sent back unchanged keeps the stored one. */
export type DocumentValues = {
  id?: number;
  type: string;
  number: string;
  country: string | null;
  issued_at: string | null;
  expires_at: string | null;
};
// Most documents a travel agency records are passports.
const EMPTY_DOCUMENT: DocumentValues = { type: 'passport', number: '', country: null, issued_at: null, expires_at: null };

/** The client's travel documents as the form edits them. */
export function documentValues(client: Client | undefined): DocumentValues[] {
  return (client?.documents ?? []).map((d) => ({
    id: d.id,
    type: d.type,
    number: d.number,
    country: d.country,
    issued_at: d.issued_at,
    expires_at: d.expires_at,
  }));
}

type DocumentsForm = UseFormReturnType<{ contacts: unknown[]; documents: DocumentValues[] }, unknown>;

export function ClientDocumentsFields({ form }: { form: DocumentsForm }) {
  return (
    <RowsFieldset
      form={form}
      path="documents"
      empty={EMPTY_DOCUMENT}
      emptyText="Nenhum documento. Cadastre passaporte, visto ou RG com a validade."
    >
      {(index, focusRef) => {
        const row = form.values.documents[index];
        const expiry =
          !row || form.errors[`documents.${index}.expires_at`] ? null : expiryStatus({ type: row.type, expires_at: row.expires_at });
        return (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <NativeSelect
                label={LABELS.type}
                withAsterisk
                data={TYPE_OPTIONS}
                ref={focusRef}
                {...form.getInputProps(`documents.${index}.type`)}
              />
              <TextInput label={LABELS.number} withAsterisk autoComplete="off" {...form.getInputProps(`documents.${index}.number`)} />
              <CountrySelect label={LABELS.country} {...form.getInputProps(`documents.${index}.country`)} />
              <DateField label={LABELS.issued_at} {...form.getInputProps(`documents.${index}.issued_at`)} />
              <DateField label={LABELS.expires_at} {...form.getInputProps(`documents.${index}.expires_at`)} />
            </SimpleGrid>
            {expiry && (
              <Group gap={6} mt="xs" wrap="nowrap" c={expiry === 'expired' ? 'red.7' : 'orange.8'}>
                <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text fz="sm" c="inherit">
                  {EXPIRY_WARNINGS[expiry]}
                </Text>
              </Group>
            )}
          </>
        );
      }}
    </RowsFieldset>
  );
}
