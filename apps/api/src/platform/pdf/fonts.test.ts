import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/contract-fixtures';
import { landingPageFixture } from '../../../test/landing-page-fixture';
import { renderBudgetPdf } from '../../modules/budget-documents/budget-pdf';
import { renderContractPdf } from '../../modules/contracts/contract-pdf';
import { fontChains, fontRuns } from './fonts';

/** What agents type: arrows, a plane, degrees, halves, currencies, Latin Extended-A, Greek, Cyrillic. */
const TYPED = 'GRU → LIS ⇄ OPO ✈ ½ pensão, 25 °C, € 1.200, £ 90, Łódź, Øresund, Ελλάδα, Москва ✓';

describe('PDF fonts', () => {
  it('draws every character agents type: arrows, ✈, symbols and other alphabets, read back from the budget PDF', async () => {
    const page = landingPageFixture();
    const pdf = await renderBudgetPdf({ ...page, title: TYPED, agency: { ...page.agency, name: 'Agência Ω → Viagens' } });
    const { text } = await pdfText(pdf);
    expect(text).toContain(TYPED);
    expect(text).toContain('Agência Ω → Viagens');
  });

  it('draws them in the contract too, in its headings, its bold runs and its footer', async () => {
    const pdf = await renderContractPdf({
      blocks: [
        { kind: 'heading', text: `Contrato ${TYPED}` },
        {
          kind: 'paragraph',
          lines: [
            [
              { text: 'Roteiro: ', bold: false },
              { text: 'GRU ✈ EZE ⇄ MVD', bold: true },
            ],
          ],
        },
      ],
      agencyName: 'Viagens ✈ Łódź',
    });
    const { text } = await pdfText(pdf);
    expect(text).toContain(`Contrato ${TYPED}`);
    expect(text).toContain('Roteiro: GRU ✈ EZE ⇄ MVD');
    expect(text).toContain('Viagens ✈ Łódź');
  });

  it('leaves out what no font has (an emoji and its selector) instead of an empty box; plain text is one run', () => {
    const fonts = fontChains();
    expect(
      fontRuns('Praia 🌴 do Forte', 'regular', fonts)
        .map((r) => r.text)
        .join(''),
    ).toBe('Praia  do Forte');
    expect(
      fontRuns('✈️ Voo', 'regular', fonts)
        .map((r) => r.text)
        .join(''),
    ).toBe('✈ Voo');
    expect(fontRuns('São Paulo – Gramado, 3 noites', 'bold', fonts)).toEqual([{ font: 'bold', text: 'São Paulo – Gramado, 3 noites' }]);
    expect(fontRuns('GRU → LIS', 'regular', fonts).map((r) => r.font)).toEqual(['regular', 'regular.5', 'regular']);
  });
});
