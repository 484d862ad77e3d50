// The access report as a CSV file for Excel in Brazil: semicolons (the comma is the decimal
// mark there), CRLF lines and a UTF-8 byte order mark so accents open right.
import { formatActiveTime } from '@app/shared/access-log-rules';
import { dateTime } from '@app/shared/format';
import { screenLabel } from './screen-labels';

type Row = { user_name: string | null; controller: string; active_time: number; visits: number; last_access: string };

export const CSV_HEADERS = ['Usuário', 'Tela', 'Caminho', 'Tempo ativo', 'Tempo ativo (segundos)', 'Visitas', 'Último acesso'];

/**
 * A field as Excel reads it: quoted when it holds a separator, a quote or a line break; a text
 * starting like a formula (=, +, -, @) gets a leading apostrophe so it is never run.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

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
  return `\uFEFF${lines.map((line) => line.map(csvField).join(';')).join('\r\n')}\r\n`;
}

export const accessReportFileName = (start: string, end: string) => `relatorio-de-acessos-${start}-a-${end}.csv`;
