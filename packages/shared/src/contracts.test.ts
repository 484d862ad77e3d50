import { describe, expect, it } from 'vitest';
import {
  CONTRACT_BLANK,
  CONTRACT_PLACEHOLDERS,
  CONTRACT_SAMPLE_VALUES,
  contractBodyProblems,
  createContractTemplateInput,
  DEFAULT_CONTRACT_TEMPLATE,
  renderContractBlocks,
  renderContractText,
  unknownPlaceholders,
} from './contracts';

describe('contract templates', () => {
  it('renders headings, paragraphs with their line breaks, bold runs and list fields one item per line', () => {
    const body =
      '# Contrato de {{viagem.titulo}}\n\nContratante: **{{cliente.nome}}**, CPF {{cliente.cpf}}.\nPassageiros:\n{{passageiros}}';
    const blocks = renderContractBlocks(body, {
      'viagem.titulo': 'Férias',
      'cliente.nome': 'Conceição **Araújo**',
      passageiros: '1. Ana\n2. João',
    });
    expect(blocks).toEqual([
      { kind: 'heading', text: 'Contrato de Férias' },
      {
        kind: 'paragraph',
        lines: [
          [
            { text: 'Contratante: ', bold: false },
            // A value's own asterisks are printed, never read as markup.
            { text: 'Conceição **Araújo**', bold: true },
            { text: ', CPF ', bold: false },
            { text: CONTRACT_BLANK, bold: false },
            { text: '.', bold: false },
          ],
          [{ text: 'Passageiros:', bold: false }],
          [{ text: '1. Ana', bold: false }],
          [{ text: '2. João', bold: false }],
        ],
      },
    ]);
  });

  it('keeps an unpaired ** and an unknown field as written (the editor shows them; saving refuses the field)', () => {
    expect(renderContractText('Total **{{valores.total}} e {{cliente.apelido}}', { 'valores.total': 'R$ 10,00' })).toBe(
      'Total **R$ 10,00 e {{cliente.apelido}}',
    );
  });

  it('names unknown fields once each and refuses unpaired braces', () => {
    expect(unknownPlaceholders('{{cliente.nome}} {{ cliente.apelido }} {{x}} {{x}}')).toEqual(['{{ cliente.apelido }}', '{{x}}']);
    expect(contractBodyProblems('Olá {{cliente.nome}')).toEqual(['Há chaves sem par no modelo: escreva cada campo como {{cliente.nome}}.']);
    const parsed = createContractTemplateInput.safeParse({ name: 'Modelo', body: 'Olá {{cliente.apelido}}' });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['body', 'Campo desconhecido no modelo: {{cliente.apelido}}'],
    ]);
  });

  it('the default template uses only declared fields, and the preview fills them all', () => {
    expect(contractBodyProblems(DEFAULT_CONTRACT_TEMPLATE.body)).toEqual([]);
    expect(new Set(CONTRACT_PLACEHOLDERS.map((p) => p.key)).size).toBe(CONTRACT_PLACEHOLDERS.length);
    const text = renderContractText(DEFAULT_CONTRACT_TEMPLATE.body, CONTRACT_SAMPLE_VALUES);
    expect(text).not.toContain('{{');
    for (const p of CONTRACT_PLACEHOLDERS) if (DEFAULT_CONTRACT_TEMPLATE.body.includes(`{{${p.key}}}`)) expect(text).toContain(p.sample);
  });
});
