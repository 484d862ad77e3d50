import { csvField } from '@app/shared/csv';
import { describe, expect, it } from 'vitest';
import { accessReportCsv } from './access-report-csv';

describe('access report CSV (Excel in Brazil)', () => {
  it('has a UTF-8 BOM, pt-BR headers, semicolons and CRLF lines', () => {
    const csv = accessReportCsv([
      { user_name: 'Dona Demo', controller: 'clientes', active_time: 3725, visits: 4, last_access: '2026-03-10T15:00:00.000Z' },
      { user_name: null, controller: 'home', active_time: 40, visits: 1, last_access: '2026-03-10T15:00:00.000Z' },
    ]);
    const lines = csv.split('\r\n');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe('\uFEFFUsuário;Tela;Caminho;Tempo ativo;Tempo ativo (segundos);Visitas;Último acesso');
    expect(lines[1]).toMatch(/^Dona Demo;Clientes;\/clientes;1 h 02 min;3725;4;\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
    expect(lines[2]).toMatch(/^Usuário removido;Atendimentos \(início\);\/;40 s;40;1;/);
    expect(lines.at(-1)).toBe('');
  });

  it('quotes separators and quotes, and never lets a text run as a formula', () => {
    expect(csvField('Silva; Souza')).toBe('"Silva; Souza"');
    expect(csvField('Ana "Aninha"')).toBe('"Ana ""Aninha"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-1')).toBe("'-1");
    expect(csvField(-1)).toBe('-1');
  });
});
