import type { Client } from '@app/shared/clients';
import { CLIENT_LIST_LABELS } from '@app/shared/crm-labels';
import { Autocomplete, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PhoneInput } from '../../components/PhoneInput';
import { RowsFieldset } from './RowsFieldset';

const LABELS = CLIENT_LIST_LABELS.contacts.fields;
const RELATIONSHIPS = ['Cônjuge', 'Filho(a)', 'Pai', 'Mãe', 'Irmão(ã)', 'Contato de emergência', 'Assistente', 'Financeiro'];

export type ContactValues = { name: string; relationship: string; phone: string; email: string };
const EMPTY_CONTACT: ContactValues = { name: '', relationship: '', phone: '', email: '' };

/** The client's contacts as the form edits them. */
export function contactValues(client: Client | undefined): ContactValues[] {
  return (client?.contacts ?? []).map((c) => ({
    name: c.name,
    relationship: c.relationship ?? '',
    phone: c.phone ?? '',
    email: c.email ?? '',
  }));
}

type ContactsForm = UseFormReturnType<{ contacts: ContactValues[]; documents: unknown[] }, unknown>;

export function ClientContactsFields({ form }: { form: ContactsForm }) {
  return (
    <RowsFieldset
      form={form}
      path="contacts"
      empty={EMPTY_CONTACT}
      emptyText="Nenhum contato. Cadastre cônjuge, familiares ou o financeiro da empresa."
    >
      {(index, focusRef) => (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={LABELS.name} withAsterisk autoComplete="off" ref={focusRef} {...form.getInputProps(`contacts.${index}.name`)} />
          <Autocomplete
            label={LABELS.relationship}
            placeholder="Cônjuge, Financeiro…"
            data={RELATIONSHIPS}
            {...form.getInputProps(`contacts.${index}.relationship`)}
          />
          <PhoneInput form={form} path={`contacts.${index}.phone`} label={LABELS.phone} />
          <TextInput
            label={LABELS.email}
            type="email"
            inputMode="email"
            autoComplete="off"
            {...form.getInputProps(`contacts.${index}.email`)}
          />
        </SimpleGrid>
      )}
    </RowsFieldset>
  );
}
