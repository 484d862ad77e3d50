// The budget's proposals as tabs: add, rename, duplicate, move, delete; the open one's totals and
// services. The open tab is in the address (?proposta=ID). Read-only (a sold budget): the tabs,
// totals and services to read, without their edit actions.
import type { BudgetServiceType } from '@app/shared/budget-services';
import type { BudgetTree, ProposalTree } from '@app/shared/budgets';
import type { Service } from '@app/shared/services';
import { Button, Group, Menu, Modal, ScrollArea, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCopy, IconDots, IconEdit, IconPlus, IconTimeline, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormActions } from '../../../components/FormActions';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { ProposalTotalsCard } from './ProposalTotalsCard';
import { ServiceFormModal } from './ServiceFormModal';
import { AddServiceMenu, ServiceList } from './ServiceList';
import { liveProposalTotals } from './totals';

type Editing = { type: BudgetServiceType; service?: undefined } | { service: Service; type?: undefined };

/** Mounted per proposal (keyed), so the name starts as the proposal's each opening. */
function RenameModal({ proposal, onClose, onSaved }: { proposal: ProposalTree | null; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const [title, setTitle] = useState(proposal?.title ?? '');
  const rename = useMutation(
    trpc.proposals.update.mutationOptions({
      onSuccess: () => {
        toastSuccess('Proposta renomeada.');
        onSaved();
        onClose();
      },
    }),
  );
  return (
    <Modal opened={!!proposal} onClose={onClose} title={<Text fw={600}>Renomear proposta</Text>} centered>
      {proposal && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (title.trim()) rename.mutate({ id: proposal.id, title: title.trim() });
          }}
        >
          <Stack gap="md">
            <TextInput
              label="Nome da proposta"
              data-autofocus
              required
              maxLength={120}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <FormActions onCancel={onClose} pending={rename.isPending}>
              Salvar
            </FormActions>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function ProposalPanel({
  budget,
  proposal,
  readOnly,
  onChanged,
}: {
  budget: BudgetTree;
  proposal: ProposalTree;
  readOnly: boolean;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const live = liveProposalTotals(budget, proposal.services);
  return (
    <Stack gap="sm">
      <ProposalTotalsCard live={live} currency={budget.currency} />
      <ServiceList
        services={proposal.services}
        lines={live.totals?.services ?? null}
        currency={budget.currency}
        readOnly={readOnly}
        soldAt={budget.sold_at}
        onEdit={(service) => setEditing({ service })}
        onChanged={onChanged}
      />
      {!readOnly && (
        <Group>
          <AddServiceMenu onPick={(type) => setEditing({ type })} />
        </Group>
      )}
      {/* Kept mounted when the budget turns read-only under an open form: the agent reads the refusal there. */}
      <ServiceFormModal
        opened={!!editing}
        budget={budget}
        proposal={proposal}
        type={editing?.type}
        service={editing?.service}
        onClose={() => setEditing(null)}
        onSaved={onChanged}
      />
    </Stack>
  );
}

export function ProposalTabs({
  budget,
  readOnly = false,
  selectedId,
  onSelect,
  onChanged,
}: {
  budget: BudgetTree;
  readOnly?: boolean;
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  onChanged: () => void;
}) {
  const trpc = useTRPC();
  const proposals = budget.proposals;
  const current = proposals.find((p) => p.id === selectedId) ?? proposals[0];
  const [renaming, setRenaming] = useState<ProposalTree | null>(null);
  const [deleting, setDeleting] = useState<ProposalTree | null>(null);

  const create = useMutation(
    trpc.proposals.create.mutationOptions({
      onSuccess: (p) => {
        toastSuccess('Proposta criada.');
        onSelect(p.id);
        onChanged();
      },
    }),
  );
  const duplicate = useMutation(
    trpc.proposals.duplicate.mutationOptions({
      onSuccess: (p) => {
        toastSuccess('Proposta duplicada.');
        onSelect(p.id);
        onChanged();
      },
    }),
  );
  const move = useMutation(trpc.proposals.update.mutationOptions({ onSuccess: onChanged }));
  const remove = useMutation(
    trpc.proposals.delete.mutationOptions({
      onSuccess: () => {
        toastSuccess('Proposta excluída.');
        onChanged();
      },
      onSettled: () => setDeleting(null),
    }),
  );

  const index = current ? proposals.indexOf(current) : -1;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} component="h2" fz="lg">
          Propostas
        </Text>
        {!readOnly && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={create.isPending}
            onClick={() => create.mutate({ budget_id: budget.id, title: `Proposta ${proposals.length + 1}` })}
          >
            Nova proposta
          </Button>
        )}
      </Group>
      {current && (
        <Tabs value={String(current.id)} onChange={(v) => v && onSelect(Number(v))} keepMounted={false}>
          <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars>
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {proposals.map((p) => (
                <Tabs.Tab key={p.id} value={String(p.id)} style={{ whiteSpace: 'nowrap' }}>
                  {p.title}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
          {proposals.map((p) => (
            <Tabs.Panel key={p.id} value={String(p.id)} pt="sm">
              <Stack gap="sm">
                <Group gap="xs" wrap="wrap" justify="flex-end">
                  <Button
                    component={Link}
                    to={`/orcamento-timeline/${budget.id}/${p.id}`}
                    variant="subtle"
                    size="xs"
                    leftSection={<IconTimeline size={14} aria-hidden />}
                  >
                    Ver timeline
                  </Button>
                  {!readOnly && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button variant="default" size="xs" rightSection={<IconDots size={14} aria-hidden />}>
                          Ações da proposta
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setRenaming(p)}>
                          Renomear
                        </Menu.Item>
                        <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => duplicate.mutate({ id: p.id })}>
                          Duplicar
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconArrowLeft size={16} aria-hidden />}
                          disabled={index <= 0}
                          onClick={() => move.mutate({ id: p.id, position: index - 1 })}
                        >
                          Mover para a esquerda
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconArrowRight size={16} aria-hidden />}
                          disabled={index >= proposals.length - 1}
                          onClick={() => move.mutate({ id: p.id, position: index + 1 })}
                        >
                          Mover para a direita
                        </Menu.Item>
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={16} aria-hidden />}
                          disabled={proposals.length <= 1}
                          onClick={() => setDeleting(p)}
                        >
                          Excluir
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Group>
                <ProposalPanel budget={budget} proposal={p} readOnly={readOnly} onChanged={onChanged} />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}

      <RenameModal key={renaming?.id ?? 0} proposal={renaming} onClose={() => setRenaming(null)} onSaved={onChanged} />
      <ConfirmDialog
        opened={!!deleting}
        title="Excluir proposta"
        confirmLabel="Excluir"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        <Text>
          Deseja excluir <strong>{deleting?.title}</strong> e todos os seus serviços? Esta ação não pode ser desfeita.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
