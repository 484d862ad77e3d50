import type { Client } from '@app/shared/clients';
import { CLIENT_DOCUMENT_TYPES, CLIENT_LIST_LABELS, type ClientDocumentType } from '@app/shared/crm-labels';
import { CLIENT_FIELD_MESSAGES, expiresBeforeIssue } from '@app/shared/crm-rules';
import { capitalize } from '@app/shared/format';
import { Group, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { expiryStatus } from './document-expiry';
import { DOCUMENT_TYPE_LABELS } from './labels';
import { RowsFieldset } from './RowsFieldset';
import { type RowList, useRowList } from './use-row-list';

const LABELS = CLIENT_LIST_LABELS.documents.fields;
const EXPIRY_WARNINGS = {
  expired: 'Documento vencido.',
  expiring: 'Passaporte com menos de 6 meses de validade: muitos países exigem 6 meses na data da viagem.',
} as const;
const TYPE_OPTIONS = CLIENT_DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }));

export type DocumentValues = { type: string; number: string; issued_at: string; expires_at: string };

export function useDocumentRows(client: Client | undefined) {
  return useRowList<DocumentValues>({
    path: 'documents',
    initial: (client?.documents ?? []).map((d) => ({
      type: d.type,
      number: d.number,
      issued_at: d.issued_at ?? '',
      expires_at: d.expires_at ?? '',
    })),
    // Most documents a travel agency records are passports.
    empty: { type: 'passport', number: '', issued_at: '', expires_at: '' },
    rules: { type: 'required', number: 'required' },
    filledBy: ['number', 'issued_at', 'expires_at'],
    check: (d) => (expiresBeforeIssue(d) ? { expires_at: capitalize(CLIENT_FIELD_MESSAGES.expiryBeforeIssue) } : {}),
    dependents: { issued_at: ['expires_at'] },
  });
}

/** The filled rows as the API takes them (the whole list replaces the client's). */
export function documentsInput(list: RowList<DocumentValues>) {
  return list.filled().map((d) => ({
    type: d.type as ClientDocumentType,
    number: d.number.trim(),
    issued_at: d.issued_at || null,
    expires_at: d.expires_at || null,
  }));
}

export function ClientDocumentsFields({ list }: { list: RowList<DocumentValues> }) {
  return (
    <RowsFieldset list={list} emptyText="Nenhum documento. Cadastre passaporte, visto ou RG com a validade.">
      {(row, index, focusRef) => {
        const expiry = row.errors.expires_at ? null : expiryStatus({ type: row.values.type, expires_at: row.values.expires_at || null });
        return (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <NativeSelect label={LABELS.type} withAsterisk data={TYPE_OPTIONS} ref={focusRef} {...list.inputProps(index, row, 'type')} />
              <TextInput label={LABELS.number} withAsterisk maxLength={40} autoComplete="off" {...list.inputProps(index, row, 'number')} />
              <TextInput label={LABELS.issued_at} type="date" max="9999-12-31" {...list.inputProps(index, row, 'issued_at')} />
              <TextInput label={LABELS.expires_at} type="date" max="9999-12-31" {...list.inputProps(index, row, 'expires_at')} />
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
