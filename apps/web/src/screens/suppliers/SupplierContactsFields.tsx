import type { Supplier } from '@app/shared/suppliers';
import { Autocomplete, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PhoneInput } from '../../components/PhoneInput';
import { RowsFieldset } from '../clients/RowsFieldset';

export const CONTACT_LABELS = { name: 'Nome', role: 'Função', phone: 'Telefone', email: 'E-mail' } as const;
const ROLES = ['Reservas', 'Comercial', 'Financeiro', 'Operações', 'Emergência', 'Gerente de contas'];

export type SupplierContactValues = { name: string; role: string; phone: string; email: string };
const EMPTY_CONTACT: SupplierContactValues = { name: '', role: '', phone: '', email: '' };

/** The supplier's contacts as the form edits them. */
export function supplierContactValues(supplier: Supplier | undefined): SupplierContactValues[] {
  return (supplier?.contacts ?? []).map((c) => ({ name: c.name, role: c.role ?? '', phone: c.phone ?? '', email: c.email ?? '' }));
}

type ContactsForm = UseFormReturnType<{ contacts: SupplierContactValues[] }, unknown>;
/** The rows' fieldset takes the client form's shape; it only reads and edits `contacts` here. */
type RowsForm = Parameters<typeof RowsFieldset>[0]['form'];

export function SupplierContactsFields({ form }: { form: ContactsForm }) {
  return (
    <RowsFieldset
      form={form as unknown as RowsForm}
      path="contacts"
      empty={EMPTY_CONTACT}
      emptyText="Nenhum contato. Cadastre quem atende reservas, o comercial ou o financeiro do fornecedor."
    >
      {(index, focusRef) => (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={CONTACT_LABELS.name}
            withAsterisk
            autoComplete="off"
            ref={focusRef}
            {...form.getInputProps(`contacts.${index}.name`)}
          />
          <Autocomplete
            label={CONTACT_LABELS.role}
            placeholder="Reservas, Financeiro…"
            data={ROLES}
            {...form.getInputProps(`contacts.${index}.role`)}
          />
          <PhoneInput form={form} path={`contacts.${index}.phone`} label={CONTACT_LABELS.phone} />
          <TextInput
            label={CONTACT_LABELS.email}
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
