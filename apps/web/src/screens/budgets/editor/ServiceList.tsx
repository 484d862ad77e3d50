// A proposal's services in their order: each with its type, supplier, dates and total; edit (a
// click on the card, or Enter on it), move (buttons, or drag by the handle), duplicate (also D on
// the card), cancel with a refund (or undo it), delete.
// Read-only (a sold budget) keeps only the cancellation with a refund, which the API allows after
// the sale, and the undo of such a later cancellation.
import { BUDGET_SERVICE_TYPES, type BudgetServiceType, SERVICE_TYPE_DECLARATIONS } from '@app/shared/budget-services';
import type { ServiceTotals } from '@app/shared/budget-totals';
import { shortDate } from '@app/shared/format';
import type { Service } from '@app/shared/services';
import { ActionIcon, Badge, Box, Button, Card, Group, Menu, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { getHotkeyHandler } from '@mantine/hooks';
import {
  IconArrowBackUp,
  IconArrowDown,
  IconArrowUp,
  IconBed,
  IconBus,
  IconCar,
  IconCopy,
  IconDots,
  IconEdit,
  IconGripVertical,
  IconPlane,
  IconPlus,
  IconReceiptRefund,
  IconShieldCheck,
  IconShip,
  IconTicket,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, type Ref, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Money } from '../../../components/Money';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { headCountText } from '../labels';
import { EDITOR_SHORTCUTS } from './EditorShortcuts';
import { RefundModal } from './RefundModal';
import classes from './ServiceList.module.css';
import { serviceInputOf } from './service-values';

export const SERVICE_TYPE_ICONS: Record<BudgetServiceType, ReactNode> = {
  air: <IconPlane size={18} aria-hidden />,
  accommodation: <IconBed size={18} aria-hidden />,
  cruise: <IconShip size={18} aria-hidden />,
  car_rental: <IconCar size={18} aria-hidden />,
  transfer: <IconBus size={18} aria-hidden />,
  insurance: <IconShieldCheck size={18} aria-hidden />,
  tour: <IconTicket size={18} aria-hidden />,
  other: <IconDots size={18} aria-hidden />,
};

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A letter typed in the menu moves to the next item whose name starts with it ('h' Hospedagem), as the ARIA menu pattern's type-ahead. */
function focusByFirstLetter(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
  const letter = folded(event.key);
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])')];
  const from = items.indexOf(document.activeElement as HTMLElement);
  const ordered = [...items.slice(from + 1), ...items.slice(0, from + 1)];
  const match = ordered.find((item) => folded(item.textContent?.trim() ?? '').startsWith(letter));
  if (!match) return;
  event.preventDefault();
  match.focus();
}

/** 'Adicionar serviço': a menu of the budget's service types (open also from the N shortcut). */
export function AddServiceMenu({
  opened,
  onChange,
  onPick,
  targetRef,
}: {
  opened: boolean;
  onChange: (opened: boolean) => void;
  onPick: (type: BudgetServiceType) => void;
  targetRef: Ref<HTMLButtonElement>;
}) {
  // hideDetached off: sections of the editor that load late (the travel checks) push the button
  // below the fold right after N opened the menu, and a detached menu is hidden with the focus in it.
  return (
    <Menu position="bottom-start" withinPortal hideDetached={false} opened={opened} onChange={onChange}>
      <Menu.Target>
        <Button ref={targetRef} leftSection={<IconPlus size={16} aria-hidden />} aria-keyshortcuts="N">
          Adicionar serviço
        </Button>
      </Menu.Target>
      <Menu.Dropdown onKeyDown={focusByFirstLetter}>
        {BUDGET_SERVICE_TYPES.map((type) => (
          <Menu.Item key={type} leftSection={SERVICE_TYPE_ICONS[type]} onClick={() => onPick(type)}>
            {SERVICE_TYPE_DECLARATIONS[type].label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function dates(s: Service): string {
  if (s.start_date && s.end_date && s.end_date !== s.start_date) return `${shortDate(s.start_date)} a ${shortDate(s.end_date)}`;
  return s.start_date ? shortDate(s.start_date) : '';
}

type Props = {
  services: Service[];
  /** Each service's totals, in the same order (budget-totals). */
  lines: ServiceTotals[] | null;
  currency: string;
  /** A sold budget: no edit, move, copy or delete (the API refuses them with 409). */
  readOnly?: boolean;
  /** When the sold budget was sold: a cancellation registered after it may still be undone. */
  soldAt?: string | null;
  onEdit: (service: Service) => void;
  onChanged: () => void;
};

export function ServiceList({ services, lines, currency, readOnly = false, soldAt = null, onEdit, onChanged }: Props) {
  const trpc = useTRPC();
  const [deleting, setDeleting] = useState<Service | null>(null);
  const [refunding, setRefunding] = useState<Service | null>(null);
  const [restoring, setRestoring] = useState<Service | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);

  const move = useMutation(trpc.services.update.mutationOptions({ onSuccess: onChanged }));
  const duplicate = useMutation(
    trpc.services.duplicate.mutationOptions({
      onSuccess: () => {
        toastSuccess('Serviço duplicado.');
        onChanged();
      },
    }),
  );
  const remove = useMutation(
    trpc.services.delete.mutationOptions({
      onSuccess: () => {
        toastSuccess('Serviço excluído.');
        onChanged();
      },
      onSettled: () => setDeleting(null),
    }),
  );
  const undoRefund = useMutation(
    trpc.services.undoRefund.mutationOptions({
      onSuccess: () => {
        toastSuccess('Cancelamento desfeito.');
        onChanged();
      },
      onSettled: () => setRestoring(null),
    }),
  );
  // As the API rules: a sold budget keeps a refund its sale saw, one registered after the sale may go.
  const canUndo = (s: Service) =>
    s.status === 'canceled' && (!readOnly || (!!soldAt && !!s.refund && Date.parse(s.refund.created_at) >= Date.parse(soldAt)));
  const moveTo = (service: Service, position: number) => {
    if (readOnly || position < 0 || position >= services.length || move.isPending) return;
    move.mutate(serviceInputOf(service, { position }));
  };

  if (services.length === 0) {
    return (
      <Text c="dimmed" fz="sm" py="md">
        {readOnly ? 'Nenhum serviço nesta proposta.' : 'Nenhum serviço nesta proposta. Use “Adicionar serviço” para montar a viagem.'}
      </Text>
    );
  }

  return (
    <>
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Serviços da proposta">
        {services.map((s, index) => {
          const line = lines?.[index];
          const canceled = s.status === 'canceled';
          const undoable = canUndo(s);
          const openable = !readOnly && !canceled;
          const people = headCountText({ adult: s.adult_number, child: s.child_number, infant: s.infant_number });
          return (
            <Card
              key={s.id}
              component="li"
              withBorder
              radius="md"
              padding="sm"
              data-testid="service-row"
              data-canceled={canceled || undefined}
              className={classes.card}
              onDragOver={(e) => {
                if (dragged !== null && !readOnly) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                const from = services.find((x) => x.id === dragged);
                setDragged(null);
                if (from && from.id !== s.id) moveTo(from, index);
              }}
              style={{ borderStyle: dragged === s.id ? 'dashed' : undefined }}
            >
              <div className="split-row">
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  {/* A pointer's way to reorder; keyboards use the move buttons. */}
                  {!readOnly && (
                    <Box
                      component="span"
                      draggable
                      onDragStart={(e) => {
                        e.dataTransfer.effectAllowed = 'move';
                        setDragged(s.id);
                      }}
                      onDragEnd={() => setDragged(null)}
                      title="Arraste para reordenar (ou use Mover para cima/baixo)"
                      className={classes.control}
                      style={{ cursor: 'grab', display: 'flex', paddingTop: 2 }}
                    >
                      <IconGripVertical size={18} aria-hidden color="var(--mantine-color-dimmed)" />
                    </Box>
                  )}
                  <Box component="span" style={{ display: 'flex', flexShrink: 0, paddingTop: 2 }}>
                    {SERVICE_TYPE_ICONS[s.type]}
                  </Box>
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      {openable ? (
                        <UnstyledButton
                          className={classes.open}
                          onClick={() => onEdit(s)}
                          onKeyDown={getHotkeyHandler([
                            [EDITOR_SHORTCUTS.duplicateService.hotkey, () => duplicate.mutate({ id: s.id, version: s.version })],
                          ])}
                          aria-keyshortcuts="Enter D"
                        >
                          {s.title}
                        </UnstyledButton>
                      ) : (
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {s.title}
                        </Text>
                      )}
                      <Badge variant="light" size="sm">
                        {SERVICE_TYPE_DECLARATIONS[s.type].label}
                      </Badge>
                      {canceled && (
                        <Badge color="red" variant="light" size="sm">
                          Cancelado
                        </Badge>
                      )}
                    </Group>
                    <Text fz="xs" c="dimmed">
                      {[s.supplier?.name, dates(s), people].filter(Boolean).join(' · ')}
                    </Text>
                    {s.refund && (
                      <Text fz="xs" c="red">
                        Reembolso <Money cents={s.refund.refund_cents} currency={s.currency} /> · multa{' '}
                        <Money cents={s.refund.penalty_cents} currency={s.currency} />
                        {s.refund.reason ? ` · ${s.refund.reason}` : ''}
                      </Text>
                    )}
                  </div>
                </Group>
                <Stack gap={4} align="flex-end">
                  <Text fw={700} data-testid="service-total" style={{ whiteSpace: 'nowrap' }}>
                    {line ? <Money cents={line.sale_cents} currency={currency} /> : '—'}
                  </Text>
                  {s.currency !== currency && (
                    <Text fz="xs" c="dimmed">
                      Cotado em {s.currency}
                    </Text>
                  )}
                  <Group gap={2} wrap="nowrap" className={classes.control}>
                    {!readOnly && (
                      <>
                        <Tooltip label="Mover para cima">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Mover para cima: ${s.title}`}
                            disabled={index === 0}
                            onClick={() => moveTo(s, index - 1)}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Mover para baixo">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Mover para baixo: ${s.title}`}
                            disabled={index === services.length - 1}
                            onClick={() => moveTo(s, index + 1)}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </>
                    )}
                    {/* Sold: only the cancellation with a refund is left, and its undo while the sale never saw it. */}
                    {(!readOnly || !canceled || undoable) && (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={`Ações do serviço ${s.title}`}>
                            <IconDots size={16} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {!readOnly && (
                            <>
                              <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={() => onEdit(s)} disabled={canceled}>
                                Editar
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconCopy size={16} aria-hidden />}
                                onClick={() => duplicate.mutate({ id: s.id, version: s.version })}
                              >
                                Duplicar
                              </Menu.Item>
                            </>
                          )}
                          {/* Once only: a canceled service offers its undo instead. */}
                          {!canceled && (
                            <Menu.Item leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => setRefunding(s)}>
                              Cancelar com reembolso
                            </Menu.Item>
                          )}
                          {undoable && (
                            <Menu.Item leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => setRestoring(s)}>
                              Desfazer cancelamento
                            </Menu.Item>
                          )}
                          {!readOnly && (
                            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(s)}>
                              Excluir
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Group>
                </Stack>
              </div>
            </Card>
          );
        })}
      </Stack>

      <ConfirmDialog
        opened={!!deleting}
        title="Excluir serviço"
        confirmLabel="Excluir"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id, version: deleting.version })}
      >
        <Text>
          Deseja excluir <strong>{deleting?.title}</strong> desta proposta? Os totais são recalculados.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={!!restoring}
        title="Desfazer cancelamento"
        confirmLabel="Desfazer cancelamento"
        cancelLabel="Voltar"
        color="blue"
        loading={undoRefund.isPending}
        onClose={() => setRestoring(null)}
        onConfirm={() => restoring && undoRefund.mutate({ service_id: restoring.id, version: restoring.version })}
      >
        <Text>
          <strong>{restoring?.title}</strong> volta a ficar ativo pelo valor cheio, sem o reembolso e a multa registrados. Os totais são
          recalculados.
        </Text>
      </ConfirmDialog>
      <RefundModal service={refunding} onClose={() => setRefunding(null)} onSaved={onChanged} />
    </>
  );
}
