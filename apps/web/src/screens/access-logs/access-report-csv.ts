// The access report as a CSV file for Excel in Brazil (packages/shared csv.ts).
import { formatActiveTime } from '@app/shared/access-log-rules';
import { csvLine, UTF8_BOM } from '@app/shared/csv';
import { dateTime } from '@app/shared/format';
import { screenLabel } from './screen-labels';

type Row = { user_name: string | null; controller: string; active_time: number; visits: number; last_access: string };

export const CSV_HEADERS = ['Usuário', 'Tela', 'Caminho', 'Tempo ativo', 'Tempo ativo (segundos)', 'Visitas', 'Último acesso'];

export function accessReportCsv(rows: readonly Row[]): string {
  const lines = [
    CSV_HEADERS,
    ...rows.map((r) => [
      r.user_name ?? 'Usuário removido',
      screenLabel(r.controller),
      `/${r.controller === 'home' ? '' : r.controller}`,
      formatActiveTime(r.active_time),
      r.active_time,
      r.visits,
      dateTime(r.last_access),
    ]),
  ];
  return UTF8_BOM + lines.map(csvLine).join('');
}

export const accessReportFileName = (start: string, end: string) => `relatorio-de-acessos-${start}-a-${end}.csv`;
