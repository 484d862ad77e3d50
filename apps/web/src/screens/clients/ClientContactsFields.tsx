import type { Client } from '@app/shared/clients';
import { CLIENT_LIST_LABELS } from '@app/shared/crm-labels';
import { Autocomplete, SimpleGrid, TextInput } from '@mantine/core';
import { formatPhone } from './phone';
import { RowsFieldset } from './RowsFieldset';
import { type RowList, useRowList } from './use-row-list';

const LABELS = CLIENT_LIST_LABELS.contacts.fields;
const RELATIONSHIPS = ['Cônjuge', 'Filho(a)', 'Pai', 'Mãe', 'Irmão(ã)', 'Contato de emergência', 'Assistente', 'Financeiro'];

export type ContactValues = { name: string; relationship: string; phone: string; email: string };

export function useContactRows(client: Client | undefined) {
  return useRowList<ContactValues>({
    path: 'contacts',
    initial: (client?.contacts ?? []).map((c) => ({
      name: c.name,
      relationship: c.relationship ?? '',
      phone: c.phone ?? '',
      email: c.email ?? '',
    })),
    empty: { name: '', relationship: '', phone: '', email: '' },
    rules: { name: 'required|minmax:2,120', email: 'email' },
    filledBy: ['name', 'relationship', 'phone', 'email'],
  });
}

/** The filled rows as the API takes them (the whole list replaces the client's). */
export function contactsInput(list: RowList<ContactValues>) {
  return list.filled().map((c) => ({
    name: c.name.trim(),
    relationship: c.relationship.trim() || null,
    phone: c.phone.trim() || null,
    email: c.email.trim().toLowerCase() || null,
  }));
}

export function ClientContactsFields({ list }: { list: RowList<ContactValues> }) {
  return (
    <RowsFieldset list={list} emptyText="Nenhum contato. Cadastre cônjuge, familiares ou o financeiro da empresa.">
      {(row, index, focusRef) => (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={LABELS.name}
            withAsterisk
            maxLength={120}
            autoComplete="off"
            ref={focusRef}
            {...list.inputProps(index, row, 'name')}
          />
          <Autocomplete
            label={LABELS.relationship}
            placeholder="Cônjuge, Financeiro…"
            maxLength={60}
            data={RELATIONSHIPS}
            {...list.inputProps(index, row, 'relationship')}
            onChange={(value) => list.setField(row.key, 'relationship', value)}
          />
          <TextInput
            label={LABELS.phone}
            type="tel"
            inputMode="tel"
            maxLength={30}
            autoComplete="off"
            {...list.inputProps(index, row, 'phone')}
            onBlur={() => list.setField(row.key, 'phone', formatPhone(row.values.phone))}
          />
          <TextInput
            label={LABELS.email}
            type="email"
            inputMode="email"
            maxLength={254}
            autoComplete="off"
            {...list.inputProps(index, row, 'email')}
          />
        </SimpleGrid>
      )}
    </RowsFieldset>
  );
}
