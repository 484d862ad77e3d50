// pt-BR names the attendance screens show.
export { ATTENDANCE_LOG_ACTION_LABELS as LOG_ACTION_LABELS } from '@app/shared/crm-labels';

/** Fields of the history's changes (API names). */
export const ATTENDANCE_FIELD_LABELS: Record<string, string> = {
  client_id: 'Cliente',
  owner_user_id: 'Responsável',
  title: 'Título',
  destination: 'Destino',
  start_date: 'Início da viagem',
  end_date: 'Fim da viagem',
  adults: 'Adultos',
  children: 'Crianças',
  children_ages: 'Idades das crianças',
  infants: 'Bebês',
  budget_min_cents: 'Orçamento mínimo',
  budget_max_cents: 'Orçamento máximo',
  value_cents: 'Valor',
  status: 'Status',
  lost_reason: 'Motivo da perda',
  notes: 'Observações',
  cover_image_key: 'Imagem de capa',
  consolidated_notes: 'Observações do consolidado',
  consolidated_file: 'Documento do consolidado',
  budget: 'Orçamento',
  proposal: 'Proposta',
  accepted_by: 'Aceito por',
  recipients: 'Enviado para',
};

/** 'de 05/03/2026 a 12/03/2026', or just one end when the other is missing. */
export function travelDates(start: string | null, end: string | null, format: (d: string) => string): string {
  if (start && end) return `${format(start)} a ${format(end)}`;
  if (start) return `a partir de ${format(start)}`;
  if (end) return `até ${format(end)}`;
  return '';
}

/** '7 e 10 anos' */
function agesText(ages: readonly number[]): string {
  const list = ages.length > 1 ? `${ages.slice(0, -1).join(', ')} e ${ages.at(-1)}` : String(ages[0]);
  return `${list} ${ages.length === 1 && ages[0] === 1 ? 'ano' : 'anos'}`;
}

/** '2 adultos, 1 criança (7 anos)', or '' when nobody is counted. */
export function passengers(p: { adults: number; children: number; children_ages?: readonly number[]; infants: number }): string {
  const ages = p.children_ages?.length ? ` (${agesText(p.children_ages)})` : '';
  const parts = [
    p.adults ? `${p.adults} ${p.adults === 1 ? 'adulto' : 'adultos'}` : null,
    p.children ? `${p.children} ${p.children === 1 ? 'criança' : 'crianças'}${ages}` : null,
    p.infants ? `${p.infants} ${p.infants === 1 ? 'bebê' : 'bebês'}` : null,
  ].filter(Boolean);
  return parts.join(', ');
}
