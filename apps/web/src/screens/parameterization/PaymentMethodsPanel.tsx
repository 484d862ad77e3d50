// The financial group's "Formas de pagamento" tab: the agency's payment methods, searchable by name
// and filtered by kind, with create/edit in a modal and activate/deactivate. Every user sees them;
// the agency's managers keep them (the API refuses anyone else, and a refusal would log them out).
import type { Role } from '@app/shared/constants';
import { PAYMENT_METHOD_KIND_LABELS, PAYMENT_METHOD_KINDS, type PaymentMethod, type PaymentMethodKind } from '@app/shared/payment-methods';
import { PIX_KEY_TYPE_LABELS } from '@app/shared/pix';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconCreditCard, IconEdit, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterBar, ListFilterSelect, ListTable, NewButton } from '../../components/ListScreen';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { useCurrentUser } from '../../lib/use-session';
import { PaymentMethodFormModal } from './PaymentMethodFormModal';

const PAGE_SIZE = 20;
const KIND_COLORS: Record<PaymentMethodKind, string> = {
  pix: 'teal',
  boleto: 'orange',
  credit_card: 'indigo',
  transfer: 'cyan',
  cash: 'green',
  invoiced: 'grape',
};

/** Owners and administrators of the agency (and super_admin) keep its payment methods. */
const keepsFinance = (role: Role | undefined) => role === 'owner' || role === 'administrador' || role === 'super_admin';

const isKind = (value: string | null): value is PaymentMethodKind => PAYMENT_METHOD_KINDS.includes(value as PaymentMethodKind);

/** 'até 10x, sem juros até 3x' */
function installmentsText(m: PaymentMethod): string {
  const firstWithInterest = m.installment_interest.findIndex((bp) => bp > 0);
  if (m.max_installments === 1) return firstWithInterest === 0 ? 'à vista, com juros' : 'à vista';
  if (firstWithInterest === -1) return `até ${m.max_installments}x sem juros`;
  if (firstWithInterest === 0) return `até ${m.max_installments}x com juros`;
  return `até ${m.max_installments}x, sem juros até ${firstWithInterest}x`;
}

/** What sets the method apart in the list: its key, brands and installments, or due days. */
function details(m: PaymentMethod): string {
  switch (m.kind) {
    case 'pix':
      return m.pix_key_type ? `${PIX_KEY_TYPE_LABELS[m.pix_key_type]}: ${m.pix_key ?? ''}` : '—';
    case 'credit_card':
      return [installmentsText(m), m.card_brands.map((b) => b.name).join(', ')].filter(Boolean).join(' · ');
    case 'boleto':
      return installmentsText(m);
    case 'invoiced':
      return m.due_days ? `vence em ${m.due_days} dias` : '—';
    default:
      return m.instructions ?? '—';
  }
}

export function PaymentMethodsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canWrite = keepsFinance(useCurrentUser()?.role);
  const { params, page, update, setPage } = useListParams();
  const search = useSearchParam('busca', update);
  const kindParam = params.get('tipo');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const [form, setForm] = useState<{ method?: PaymentMethod } | null>(null);
  const [toggling, setToggling] = useState<PaymentMethod | null>(null);
  const noun: [string, string] = ['forma de pagamento', 'formas de pagamento'];

  const list = useQuery(
    trpc.paymentMethods.list.queryOptions(
      { search: search.applied || undefined, kind, page, per_page: PAGE_SIZE },
      { placeholderData: keepPreviousData },
    ),
  );
  const items = list.data?.items ?? [];
  const toggle = useMutation(
    trpc.paymentMethods.update.mutationOptions({
      onSuccess: (saved) => {
        void queryClient.invalidateQueries({ queryKey: trpc.paymentMethods.pathKey() });
        toastSuccess(`Forma de pagamento ${saved.is_active ? 'ativada' : 'desativada'}.`);
        setToggling(null);
      },
    }),
  );

  return (
    <>
      {canWrite && (
        <Group justify="flex-end" mb="md">
          <NewButton onClick={() => setForm({})}>Nova forma de pagamento</NewButton>
        </Group>
      )}
      <ListFilterBar search={search} placeholder="Buscar por nome" active={kind ? 1 : 0}>
        <ListFilterSelect
          label="Tipo"
          param="tipo"
          value={kind}
          update={update}
          data={PAYMENT_METHOD_KINDS.map((k) => ({ value: k, label: PAYMENT_METHOD_KIND_LABELS[k] }))}
          w={{ base: '100%', xs: 200 }}
        />
      </ListFilterBar>
      <ListContent
        query={list}
        isEmpty={items.length === 0}
        icon={<IconCreditCard size={28} aria-hidden />}
        noun={noun}
        feminine
        empty={{
          hint: canWrite ? 'Cadastre uma em “Nova forma de pagamento”.' : 'Os gestores da agência cadastram as formas de pagamento.',
          filtered: !!search.applied || !!kind,
          onClear: () => search.clearFilters(['tipo']),
        }}
      >
        <ListTable
          query={list}
          rows={items}
          rowKey={(m) => m.id}
          rowTestId="payment-method-row"
          minWidth={720}
          primary={{ label: 'Nome', title: (m) => m.name }}
          columns={[
            {
              label: 'Tipo',
              w: 170,
              cell: (m) => (
                <Badge color={KIND_COLORS[m.kind]} variant="light">
                  {PAYMENT_METHOD_KIND_LABELS[m.kind]}
                </Badge>
              ),
            },
            {
              label: 'Condições',
              cell: (m) => (
                <Text fz="sm" lineClamp={2}>
                  {details(m)}
                </Text>
              ),
            },
            {
              label: 'Status',
              w: 90,
              cell: (m) => (
                <Badge color={m.is_active ? 'green' : 'gray'} variant="light">
                  {m.is_active ? 'Ativa' : 'Inativa'}
                </Badge>
              ),
            },
            {
              label: 'Ações',
              actions: true,
              w: 96,
              cell: (m) =>
                canWrite && (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Editar">
                      <ActionIcon variant="subtle" color="gray" aria-label={`Editar ${m.name}`} onClick={() => setForm({ method: m })}>
                        <IconEdit size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={m.is_active ? 'Desativar' : 'Ativar'}>
                      <ActionIcon
                        variant="subtle"
                        color={m.is_active ? 'red' : 'green'}
                        aria-label={`${m.is_active ? 'Desativar' : 'Ativar'} ${m.name}`}
                        onClick={() => setToggling(m)}
                      >
                        {m.is_active ? <IconPlayerStop size={18} aria-hidden /> : <IconPlayerPlay size={18} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ),
            },
          ]}
        />
      </ListContent>
      <ListPagination pagination={list.data?.pagination} noun={noun} onChange={setPage} />

      <PaymentMethodFormModal opened={!!form} method={form?.method} onClose={() => setForm(null)} />
      <ConfirmDialog
        opened={!!toggling}
        title={toggling?.is_active ? 'Desativar forma de pagamento' : 'Ativar forma de pagamento'}
        confirmLabel={toggling?.is_active ? 'Desativar' : 'Ativar'}
        color={toggling?.is_active ? 'red' : 'green'}
        loading={toggle.isPending}
        onConfirm={() => toggling && toggle.mutate({ id: toggling.id, is_active: !toggling.is_active })}
        onClose={() => setToggling(null)}
      >
        <Text fz="sm">
          {toggling?.is_active
            ? `“${toggling.name}” deixa de ser oferecida nos novos orçamentos; os que já a usam continuam com ela.`
            : `“${toggling?.name}” volta a ser oferecida nos orçamentos.`}
        </Text>
      </ConfirmDialog>
    </>
  );
}
