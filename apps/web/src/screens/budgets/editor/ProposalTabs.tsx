// The budget's proposals as tabs: add, rename, duplicate, move, delete; the open one's totals and
// services. The open tab is in the address (?proposta=ID); without it, the sold proposal, else the
// accepted one, else the first, each marked on its tab. Read-only (a sold budget): the tabs, totals
// and services to read, without their edit actions. ] and [ move between the tabs, N adds a service.
import type { BudgetServiceType } from '@app/shared/budget-services';
import { headlineProposalId } from '@app/shared/budget-totals';
import type { BudgetTree, ProposalTree } from '@app/shared/budgets';
import type { Service } from '@app/shared/services';
import { Badge, Button, Group, Menu, ScrollArea, Stack, Tabs, Text, TextInput } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCopy,
  IconDots,
  IconEdit,
  IconFileImport,
  IconPlus,
  IconTemplate,
  IconTimeline,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormActions } from '../../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../../components/FormDialog';
import { StaleWritePanel } from '../../../components/StaleWritePanel';
import { useShortcuts } from '../../../lib/shortcuts';
import { useStaleWrite } from '../../../lib/stale-write';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { EDITOR_SHORTCUTS, EditorShortcuts } from './EditorShortcuts';
import { ProposalTotalsCard } from './ProposalTotalsCard';
import { ServiceFormModal } from './ServiceFormModal';
import { AddServiceMenu, ServiceList } from './ServiceList';
import { ApplyTemplateDialog, CopyServiceDialog, SaveTemplateDialog } from './TemplateDialogs';
import { liveProposalTotals } from './totals';

type Editing = { type: BudgetServiceType; service?: undefined } | { service: Service; type?: undefined };

const RENAME_LABELS = { title: 'Nome da proposta' };

function RenameForm({ proposal, onClose, onSaved }: { proposal: ProposalTree; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(proposal.title);
  const close = useUnsavedChanges(title !== proposal.title);
  const stale = useStaleWrite({
    version: proposal.version,
    base: { title: proposal.title },
    readCurrent: async () => {
      const current = await queryClient.fetchQuery(trpc.proposals.get.queryOptions({ id: proposal.id }, { staleTime: 0 }));
      return { values: { title: current.title }, version: current.version };
    },
    resave: (merged) => {
      setTitle(merged.title);
      send(merged.title);
    },
  });
  const rename = useMutation(
    trpc.proposals.update.mutationOptions({
      onSuccess: () => {
        toastSuccess('Proposta renomeada.');
        onSaved();
        onClose();
      },
      onError: (error) => {
        stale.caught(error, { title: title.trim() });
      },
    }),
  );
  const send = (value: string) => rename.mutate({ id: proposal.id, title: value.trim(), version: stale.version() });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (title.trim()) send(title);
      }}
    >
      <Stack gap="md">
        <StaleWritePanel state={stale} labels={RENAME_LABELS} />
        <TextInput
          label="Nome da proposta"
          data-autofocus
          required
          maxLength={120}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
        <FormActions onCancel={close} pending={rename.isPending}>
          Salvar
        </FormActions>
      </Stack>
    </form>
  );
}

/** Mounted per proposal (keyed), so the name starts as the proposal's each opening. */
function RenameModal({ proposal, onClose, onSaved }: { proposal: ProposalTree | null; onClose: () => void; onSaved: () => void }) {
  return (
    <FormDialog opened={!!proposal} onClose={onClose} title={<Text fw={600}>Renomear proposta</Text>} centered>
      {proposal && <RenameForm proposal={proposal} onClose={onClose} onSaved={onSaved} />}
    </FormDialog>
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
  const [adding, setAdding] = useState(false);
  const [copying, setCopying] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  // The button first: in view (a menu whose button is off screen stays hidden), and the focus's way back.
  useShortcuts(
    [
      [
        EDITOR_SHORTCUTS.newService.hotkey,
        () => {
          addButton.current?.focus();
          setAdding(true);
        },
      ],
    ],
    !readOnly,
  );
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
          <AddServiceMenu opened={adding} onChange={setAdding} onPick={(type) => setEditing({ type })} targetRef={addButton} />
          <Button variant="subtle" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setCopying(true)}>
            Copiar de outro orçamento
          </Button>
        </Group>
      )}
      <CopyServiceDialog budget={budget} proposal={proposal} opened={copying} onClose={() => setCopying(false)} onCopied={onChanged} />
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

/** The customer's choice on its proposal's tab: 'Vendida' for the sold one, 'Aceita' for the accepted one. */
function proposalMark(budget: BudgetTree, id: number): ReactNode {
  const [label, color] =
    budget.sold_proposal_id === id ? ['Vendida', 'green'] : budget.accepted_proposal_id === id ? ['Aceita', 'teal'] : [];
  return (
    label && (
      <Badge color={color} variant="light" size="sm" data-testid="proposal-mark">
        {label}
      </Badge>
    )
  );
}

export function ProposalTabs({
  budget,
  readOnly = false,
  selectedId,
  onSelect: putInAddress,
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
  const headline = headlineProposalId(budget);
  // The tab last asked for (a click, a key, a proposal just made) shows at once: the address
  // follows a navigation that may land later, and a tab opened meanwhile must not be swapped
  // for it under an open dialog or menu.
  const [asked, setAsked] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (asked !== undefined && selectedId === asked) setAsked(undefined);
  }, [asked, selectedId]);
  const onSelect = (id: number) => {
    setAsked(id);
    putInAddress(id);
  };
  const shownId = asked ?? selectedId;
  const current = proposals.find((p) => p.id === shownId) ?? proposals.find((p) => p.id === headline) ?? proposals[0];
  const tabsView = useRef<HTMLDivElement>(null);
  const [renaming, setRenaming] = useState<ProposalTree | null>(null);
  const [deleting, setDeleting] = useState<ProposalTree | null>(null);
  // The proposal to save as a template; 'budget' for all of them.
  const [saving, setSaving] = useState<ProposalTree | 'budget' | null>(null);
  const [applying, setApplying] = useState(false);

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
  const currentId = current?.id;
  // Keys pressed faster than the screen renders: each steps on from the tab the last one asked for.
  const lastAsked = useRef<number | undefined>(undefined);
  lastAsked.current = currentId;
  const step = (by: number) => {
    const next = proposals[proposals.findIndex((p) => p.id === lastAsked.current) + by];
    if (!next) return;
    lastAsked.current = next.id;
    onSelect(next.id);
  };
  useShortcuts([
    [EDITOR_SHORTCUTS.nextProposal.hotkey, () => step(1)],
    [EDITOR_SHORTCUTS.previousProposal.hotkey, () => step(-1)],
  ]);
  useShortcuts([[EDITOR_SHORTCUTS.proposalFromTemplate.hotkey, () => setApplying(true)]], !readOnly);

  // The open tab in view across the strip (a phone shows two or three), without scrolling the page.
  useEffect(() => {
    const view = tabsView.current;
    const tab = view?.querySelector('[role="tab"][aria-selected="true"]');
    if (!view || !tab || currentId === undefined) return;
    const box = view.getBoundingClientRect();
    const at = tab.getBoundingClientRect();
    if (at.left < box.left) view.scrollLeft -= box.left - at.left;
    else if (at.right > box.right) view.scrollLeft += at.right - box.right;
  }, [currentId]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} component="h2" fz="lg">
          Propostas
        </Text>
        <Group gap="xs">
          <EditorShortcuts readOnly={readOnly} />
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
          {!readOnly && (
            <Button
              variant="default"
              leftSection={<IconTemplate size={16} aria-hidden />}
              aria-keyshortcuts="M"
              onClick={() => setApplying(true)}
            >
              De um modelo
            </Button>
          )}
        </Group>
      </Group>
      {current && (
        <Tabs
          value={String(current.id)}
          onChange={(v) => {
            if (v) onSelect(Number(v));
          }}
          keepMounted={false}
        >
          <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars viewportRef={tabsView}>
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {proposals.map((p) => (
                <Tabs.Tab key={p.id} value={String(p.id)} style={{ whiteSpace: 'nowrap' }} rightSection={proposalMark(budget, p.id)}>
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
                        <Menu.Item
                          leftSection={<IconCopy size={16} aria-hidden />}
                          onClick={() => duplicate.mutate({ id: p.id, version: p.version })}
                        >
                          Duplicar
                        </Menu.Item>
                        <Menu.Item leftSection={<IconTemplate size={16} aria-hidden />} onClick={() => setSaving(p)}>
                          Salvar como modelo
                        </Menu.Item>
                        <Menu.Item leftSection={<IconTemplate size={16} aria-hidden />} onClick={() => setSaving('budget')}>
                          Salvar orçamento inteiro como modelo
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

      <SaveTemplateDialog
        budget={budget}
        proposal={saving === 'budget' ? null : saving}
        opened={saving !== null}
        onClose={() => setSaving(null)}
      />
      <ApplyTemplateDialog
        budget={budget}
        opened={applying}
        onClose={() => setApplying(false)}
        onApplied={(id) => {
          onSelect(id);
          onChanged();
        }}
      />
      <RenameModal key={renaming?.id ?? 0} proposal={renaming} onClose={() => setRenaming(null)} onSaved={onChanged} />
      <ConfirmDialog
        opened={!!deleting}
        title="Excluir proposta"
        confirmLabel="Excluir"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id, version: deleting.version })}
      >
        <Text>
          Deseja excluir <strong>{deleting?.title}</strong> e todos os seus serviços? Esta ação não pode ser desfeita.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
