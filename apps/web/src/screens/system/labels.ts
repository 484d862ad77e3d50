import type { AdminCompany } from '@app/shared/billing';
import { isRestrictedStatus, type PlanStatus } from '@app/shared/plan-status';
import type { JobState, QueueKind } from '@app/shared/queues';
import { statusLabel } from '../billing/labels';

/** The queue's states, in the order jobs go through them. */
export const JOB_STATE_LABELS: Record<JobState, string> = {
  waiting: 'Aguardando',
  active: 'Em execução',
  delayed: 'Agendadas',
  failed: 'Com falha',
  completed: 'Concluídas',
};

export const QUEUE_KIND_LABELS: Record<QueueKind, string> = {
  embedded: 'Fila embutida no banco de dados (PostgreSQL)',
  bullmq: 'BullMQ (Redis)',
};

/** A status as a choice of the support action: its badge text, with the status's own name after it. */
export const statusOption = (status: PlanStatus) => ({ value: status, label: `${statusLabel(status, 1)} (${status})` });

export function statusColor(status: string | null, restricted: boolean): string {
  if (restricted || isRestrictedStatus(status)) return 'red';
  if (status === 'active') return 'teal';
  if (status === 'trialing') return 'blue';
  return 'gray';
}

const days = (n: number) => `${n} ${n === 1 ? 'dia' : 'dias'}`;

/** What an agency has left: the trial's days, or the paid time while the status alone would restrict it. */
export function periodText(agency: Pick<AdminCompany, 'status_plan' | 'days_remaining' | 'current_period_end' | 'is_valid_for_features'>) {
  if (agency.status_plan === 'trialing') {
    return agency.days_remaining > 0 ? `${days(agency.days_remaining)} de teste` : 'Teste encerrado';
  }
  if (agency.status_plan === 'active' || !agency.current_period_end) return '—';
  return agency.is_valid_for_features ? `Acesso por mais ${days(agency.days_remaining)}` : 'Sem acesso';
}
