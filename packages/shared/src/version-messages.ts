// What a stale write tells the agent, without zod: the app's first screen (its error handling)
// imports these, and the schemas of versions.ts would weigh on it.
import type { VersionConflict } from './error-body';
import { BUSINESS_TIME_ZONE } from './funnel';

const conflictWhen = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "Este registro foi alterado por Ana em 28/11/2026 14:03. Revise e salve de novo." */
export function staleVersionMessage(conflict: Pick<VersionConflict, 'updated_by' | 'updated_at'>): string {
  const when = conflictWhen.format(new Date(conflict.updated_at)).replace(',', '');
  const who = conflict.updated_by ? ` por ${conflict.updated_by.name}` : '';
  return `Este registro foi alterado${who} em ${when}. Revise e salve de novo.`;
}

const conflictTime = new Intl.DateTimeFormat('pt-BR', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit' });

/**
 * A one-click action (a delete, a copy, a sale...) met a newer version: nothing was done and the
 * screen reads the record again. "Este registro foi alterado por Ana às 14:03. Nada foi feito: ..."
 */
export function staleActionMessage(conflict: Pick<VersionConflict, 'updated_by' | 'updated_at'>): string {
  const who = conflict.updated_by ? ` por ${conflict.updated_by.name}` : '';
  const when = conflictTime.format(new Date(conflict.updated_at));
  return `Este registro foi alterado${who} às ${when}. Nada foi feito: a tela foi atualizada, confira e tente de novo.`;
}
