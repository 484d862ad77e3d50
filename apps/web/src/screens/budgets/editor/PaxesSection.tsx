// The budget's travellers: each one of the agency's clients or a name typed by hand, with age
// group, age, birth date, travel document and contact. A budget made from an attendance starts
// with its head count ('Adulto 1', 'Criança 1'); picking a client fills the row with its data
// (another client replaces it), the budget client's saved companions offered first. Edited as one
// list (PATCH paxes replaces it).
import { BUDGET_LIMITS } from '@app/shared/budget-limits';
import { type BudgetPax, type BudgetTree, type PaxCandidate, updateBudgetInput } from '@app/shared/budgets';
import { CLIENT_DOCUMENT_TYPE_LABELS, CLIENT_DOCUMENT_TYPES, COMPANION_RELATIONSHIP_LABELS } from '@app/shared/crm-labels';
import { shortDate } from '@app/shared/format';
import { businessDate } from '@app/shared/funnel';
import { ageGroupOfAge, ageOn, paxAge } from '@app/shared/travel-documents';
import { Button, Card, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CountrySelect } from '../../../components/CountrySelect';
import { DateField } from '../../../components/DateField';
import { ErrorText } from '../../../components/ErrorText';
import { FormActions } from '../../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../../components/FormDialog';
import { AutocompletePicker, type PickerProps } from '../../../components/pickers/AutocompletePicker';
import { useSchemaForm } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { AGE_GROUP_LABELS, AGE_GROUP_OPTIONS, headCountText } from '../labels';

const paxesInput = updateBudgetInput.pick({ paxes: true });
const DOCUMENT_OPTIONS = CLIENT_DOCUMENT_TYPES.map((t) => ({ value: t, label: CLIENT_DOCUMENT_TYPE_LABELS[t] }));
const LABELS = {
  name: 'Nome',
  age: 'Idade',
  document_number: 'Número do documento',
  document_country: 'País emissor',
  document_expires_at: 'Validade do documento',
  email: 'E-mail',
  phone: 'Telefone',
};

type PaxRow = {
  client_id: number | null;
  name: string;
  age_group: BudgetPax['age_group'];
  age: number | string;
  birth_date: string | null;
  document_type: BudgetPax['document_type'];
  document_number: string;
  document_country: string | null;
  document_expires_at: string | null;
  email: string;
  phone: string;
};

/** Rows keep their inputs' state (a picked client's name) by a key of their own, not their place. */
let nextKey = 1;
const paxRow = (p?: BudgetPax): PaxRow => ({
  client_id: p?.client_id ?? null,
  name: p?.name ?? '',
  age_group: p?.age_group ?? 'adult',
  age: p?.age ?? '',
  birth_date: p?.birth_date ?? null,
  document_type: p?.document_type ?? null,
  document_number: p?.document_number ?? '',
  document_country: p?.document_country ?? null,
  document_expires_at: p?.document_expires_at ?? null,
  email: p?.email ?? '',
  phone: p?.phone ?? '',
});

const SUGGESTED_LABELS: Record<NonNullable<PaxCandidate['suggested_as']>, string> = {
  client: 'cliente do orçamento',
  ...COMPANION_RELATIONSHIP_LABELS,
};
const candidateText = (c: PaxCandidate) => (c.suggested_as ? `${c.name} (${SUGGESTED_LABELS[c.suggested_as].toLowerCase()})` : c.name);

/** The clients offered: the budget's client and its saved companions first, then the agency's others. */
function ClientPicker({ budgetId, ...props }: PickerProps<PaxCandidate> & { budgetId: number }) {
  const trpc = useTRPC();
  return (
    <AutocompletePicker
      {...props}
      placeholder="Busque um cliente (opcional)"
      search={(term) =>
        trpc.budgets.paxCandidates.queryOptions({ id: budgetId, search: term.trim() || undefined }, { trpc: { abortOnUnmount: true } })
      }
      itemsOf={(data) => data.candidates}
      optionText={candidateText}
    />
  );
}

/**
 * A row with the picked client's data, replacing what the row held: its name, birth date (the age
 * group follows it, at the trip's start), travel document and contact.
 */
function pickedRow(row: PaxRow, client: PaxCandidate, tripStart: string | null): PaxRow {
  const { pax } = client;
  const age = pax.birth_date ? ageOn(pax.birth_date, tripStart ?? businessDate()) : null;
  return {
    ...row,
    client_id: client.id,
    name: client.name,
    age_group: age === null ? row.age_group : ageGroupOfAge(age),
    age: pax.birth_date ? '' : row.age,
    birth_date: pax.birth_date,
    document_type: pax.document_type,
    document_number: pax.document_number ?? '',
    document_country: pax.document_country,
    document_expires_at: pax.document_expires_at,
    email: pax.email ?? '',
    phone: pax.phone ?? '',
  };
}

function PaxesForm({ budget, onClose, onSaved }: { budget: BudgetTree; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const form = useSchemaForm({
    schema: paxesInput,
    initialValues: { paxes: budget.paxes.length ? budget.paxes.map(paxRow) : [paxRow()] },
    labels: LABELS,
  });
  const close = useUnsavedChanges(form.hasChanges());
  const [clientNames] = useState(() => new Map(budget.paxes.flatMap((p) => (p.client_id ? [[p.client_id, p.name] as const] : []))));
  const pick = (index: number, client: PaxCandidate | null) => {
    const row = form.getValues().paxes[index];
    if (!row) return;
    form.setFieldValue(`paxes.${index}`, client ? pickedRow(row, client, budget.start_date) : { ...row, client_id: null });
  };
  const save = useMutation(
    trpc.budgets.update.mutationOptions({
      onSuccess: () => {
        toastSuccess('Passageiros salvos.');
        onSaved();
        onClose();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const rows = form.values.paxes;
  const [keys, setKeys] = useState(() => rows.map(() => nextKey++));
  return (
    <form onSubmit={form.submit((input) => save.mutate({ id: budget.id, paxes: input.paxes ?? [] }))} noValidate>
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        {rows.map((row, index) => {
          const n = index + 1;
          const base = `paxes.${index}`;
          return (
            <Fieldset key={keys[index]} legend={`Passageiro ${n}`} radius="md" aria-label={`Passageiro ${n}`}>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <ClientPicker
                    label="Cliente"
                    budgetId={budget.id}
                    value={row.client_id}
                    initialLabel={row.client_id ? clientNames.get(row.client_id) : undefined}
                    onChange={(_, client) => pick(index, client)}
                  />
                  <TextInput label="Nome" autoComplete="off" {...form.getInputProps(`${base}.name`)} />
                  <Select
                    label="Faixa etária"
                    data={AGE_GROUP_OPTIONS}
                    allowDeselect={false}
                    {...form.getInputProps(`${base}.age_group`)}
                  />
                  <SimpleGrid cols={2} spacing="sm">
                    <NumberInput
                      label="Idade"
                      description="Sem a data de nascimento"
                      allowNegative={false}
                      allowDecimal={false}
                      {...form.getInputProps(`${base}.age`)}
                    />
                    <DateField label="Data de nascimento" maxDate={new Date()} {...form.getInputProps(`${base}.birth_date`)} />
                  </SimpleGrid>
                  <Select label="Documento" clearable data={DOCUMENT_OPTIONS} {...form.getInputProps(`${base}.document_type`)} />
                  <TextInput label="Número do documento" autoComplete="off" {...form.getInputProps(`${base}.document_number`)} />
                  <CountrySelect label="País emissor" {...form.getInputProps(`${base}.document_country`)} />
                  <DateField label="Validade do documento" {...form.getInputProps(`${base}.document_expires_at`)} />
                  <TextInput label="E-mail" type="email" autoComplete="off" {...form.getInputProps(`${base}.email`)} />
                  <TextInput label="Telefone" autoComplete="off" {...form.getInputProps(`${base}.phone`)} />
                </SimpleGrid>
                <Group justify="flex-end">
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => {
                      setKeys((k) => k.filter((_, i) => i !== index));
                      form.removeListItem('paxes', index);
                    }}
                  >
                    Remover passageiro {n}
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={rows.length >= BUDGET_LIMITS.paxes.max}
            onClick={() => {
              setKeys((k) => [...k, nextKey++]);
              form.insertListItem('paxes', paxRow());
            }}
          >
            Adicionar passageiro
          </Button>
        </Group>
        <FormActions onCancel={close} pending={save.isPending}>
          Salvar passageiros
        </FormActions>
      </Stack>
    </form>
  );
}

/** The travellers' table, or how to add them; the modal edits the whole list (not on a read-only, sold budget). */
/** 'Passaporte FX100200 · PT · validade 01/12/2027', or '—'. */
function documentText(p: BudgetPax): string {
  if (!p.document_type) return '—';
  const validity = p.document_expires_at ? `validade ${shortDate(p.document_expires_at)}` : null;
  return [`${CLIENT_DOCUMENT_TYPE_LABELS[p.document_type]} ${p.document_number ?? ''}`.trim(), p.document_country, validity]
    .filter(Boolean)
    .join(' · ');
}

/** 'Criança · 7 anos': the group, and the age at the trip when known. */
function ageText(p: BudgetPax, tripStart: string | null): string {
  const age = paxAge(p, tripStart, businessDate());
  return age === null ? AGE_GROUP_LABELS[p.age_group] : `${AGE_GROUP_LABELS[p.age_group]} · ${age} ${age === 1 ? 'ano' : 'anos'}`;
}

export function PaxesSection({ budget, readOnly = false, onChanged }: { budget: BudgetTree; readOnly?: boolean; onChanged: () => void }) {
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const counts = { adult: 0, child: 0, infant: 0 };
  for (const p of budget.paxes) counts[p.age_group] += 1;
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <IconUsers size={18} aria-hidden />
            <Text fw={600} component="h2" fz="lg">
              Passageiros
            </Text>
            <Text fz="sm" c="dimmed">
              {headCountText(counts)}
            </Text>
          </Group>
          {!readOnly && (
            <Button variant="light" size="xs" onClick={() => setOpened(true)}>
              Editar passageiros
            </Button>
          )}
        </Group>
        {budget.paxes.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Nenhum passageiro. Sem passageiros, os totais por pessoa usam as quantidades dos serviços.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Faixa etária</Table.Th>
                  <Table.Th>Nascimento</Table.Th>
                  <Table.Th>Documento</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {budget.paxes.map((p) => (
                  <Table.Tr key={p.id} data-testid="pax-row">
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{ageText(p, budget.start_date)}</Table.Td>
                    <Table.Td>{shortDate(p.birth_date) || '—'}</Table.Td>
                    <Table.Td>{documentText(p)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <FormDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={<Text fw={600}>Passageiros</Text>}
        size="xl"
        fullScreen={phone}
        centered
      >
        {opened && <PaxesForm budget={budget} onClose={() => setOpened(false)} onSaved={onChanged} />}
      </FormDialog>
    </Card>
  );
}
