// A contract as a PDF: the agency at the top (logo, name, CNPJ, Cadastur, address), the template's
// blocks with their fields filled (renderContractBlocks), in the budget PDF's embedded Noto Sans
// (every Portuguese accent), the agency's name and the page number at the bottom of every page.
import type { ContractBlock, ContractRun } from '@app/shared';
import type * as fontkit from 'fontkit';
import { drawText, type FontChains, fontChains } from '../../platform/pdf/fonts';
import { openA4Pdf } from '../budget-documents/budget-pdf';

const MARGIN = 50;
const FOOTER_HEIGHT = 28;
const COLORS = { text: '#1f2933', muted: '#616e7c', rule: '#d9dee4' };
const SIZE = { title: 13, heading: 10.5, text: 9.5, small: 8.5 };
/** The logo's box at the top: the image is scaled to fit it, its proportions kept. */
const LOGO_BOX = { width: 120, height: 48, gap: 16 };

type Doc = PDFKit.PDFDocument;

type Run = { glyphs: fontkit.Glyph[]; positions: fontkit.GlyphPosition[] };
const LAYOUT_CACHE_SIZE = 20_000;

/**
 * The font with its text shaping kept across documents. pdfkit caches the shaping of each word per
 * document only, and shaping (fontkit's OpenType lookups) is most of a contract's render time;
 * contracts repeat their template's words, so a cache of the process halves a contract's render time.
 * pdfkit scales the positions of the run it gets, so each call answers a copy of them.
 */
function withLayoutCache(font: fontkit.Font): fontkit.Font {
  const cache = new Map<string, Run>();
  const layout = (text: string, features?: string[] | Record<string, boolean>) => {
    const key = features ? `${JSON.stringify(features)}\u0000${text}` : text;
    let run = cache.get(key);
    if (!run) {
      const shaped = font.layout(text, features);
      run = { glyphs: shaped.glyphs, positions: shaped.positions.map((p) => ({ ...p })) };
      if (cache.size >= LAYOUT_CACHE_SIZE) cache.clear();
      cache.set(key, run);
    }
    const positions = run.positions.map((p) => ({ ...p }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((width, p) => width + p.xAdvance, 0);
      },
    };
  };
  // Everything else (metrics, glyphs, subsetting) is the font's own.
  return Object.assign(Object.create(font) as fontkit.Font, { layout });
}

let cachedFonts: FontChains | undefined;
/** The chains with the text fonts' shaping cached (symbols are rare: shaped as they come). */
const contractFonts = () => {
  const { regular, bold } = fontChains();
  const cached = (chain: fontkit.Font[]) => chain.map((font, i) => (i < chain.length - 3 ? withLayoutCache(font) : font));
  cachedFonts ??= { regular: cached(regular), bold: cached(bold) };
  return cachedFonts;
};

export type ContractPdfInput = {
  blocks: ContractBlock[];
  agencyName: string;
  /** Under the agency's name at the top (contractAgencyLines: CNPJ and Cadastur, address). */
  agencyLines?: string[];
  /** The agency's logo as PNG or JPEG bytes (a Buffer reaches a worker thread as a Uint8Array); none: the name alone. */
  logo?: Uint8Array | null;
};

/** One line of a paragraph, its runs one after the other. Left-aligned: pdfkit justifies word by word, at about twice the time. */
function line(doc: Doc, fonts: FontChains, runs: ContractRun[], width: number) {
  if (!runs.length) {
    doc.moveDown(1);
    return;
  }
  runs.forEach((run, i) => {
    const opts = { width, align: 'left' as const, continued: i < runs.length - 1, lineGap: 1.5 };
    drawText(doc, fonts, run.text, run.bold ? 'bold' : 'regular', i === 0 ? { x: MARGIN, y: doc.y } : null, opts);
  });
}

/** The agency at the top of the first page: its logo, its name and lines beside it, over a rule. */
function agencyHeader(doc: Doc, fonts: FontChains, input: ContractPdfInput, width: number) {
  const top = doc.y;
  let x = MARGIN;
  if (input.logo) {
    const logo = Buffer.from(input.logo.buffer, input.logo.byteOffset, input.logo.byteLength);
    doc.image(logo, MARGIN, top, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
    x += LOGO_BOX.width + LOGO_BOX.gap;
  }
  const textWidth = width - (x - MARGIN);
  doc.fontSize(SIZE.heading).fillColor(COLORS.text);
  drawText(doc, fonts, input.agencyName, 'bold', { x, y: top }, { width: textWidth });
  doc.fontSize(SIZE.small).fillColor(COLORS.muted);
  for (const text of input.agencyLines ?? []) drawText(doc, fonts, text, 'regular', { x, y: doc.y }, { width: textWidth });
  const bottom = Math.max(doc.y, input.logo ? top + LOGO_BOX.height : top) + 8;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + width, bottom)
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.x = MARGIN;
  doc.y = bottom + 16;
}

function footers(doc: Doc, fonts: FontChains, agencyName: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin must not open a new page.
    doc.page.margins.bottom = 0;
    const width = doc.page.width - 2 * MARGIN;
    const y = doc.page.height - MARGIN - FOOTER_HEIGHT + 12;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + width, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.fontSize(8).fillColor(COLORS.muted);
    drawText(doc, fonts, agencyName, 'regular', { x: MARGIN, y }, { width: width - 80, height: 12, ellipsis: true, lineBreak: false });
    doc.text(`Página ${i + 1} de ${range.count}`, MARGIN + width - 80, y, { width: 80, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

export function renderContractPdf(input: ContractPdfInput): Promise<Buffer> {
  const title = input.blocks.find((b) => b.kind === 'heading')?.text ?? 'Contrato';
  const fonts = contractFonts();
  const { doc, done } = openA4Pdf(fonts, {
    margin: MARGIN,
    footerHeight: FOOTER_HEIGHT,
    info: { Title: title, Author: input.agencyName },
  });
  const width = doc.page.width - 2 * MARGIN;
  agencyHeader(doc, fonts, input, width);
  input.blocks.forEach((block, index) => {
    doc.fillColor(COLORS.text);
    if (block.kind === 'heading') {
      const first = index === 0;
      // A heading never ends a page alone: it goes over with the start of its text.
      if (!first && doc.y + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage();
      else if (!first) doc.moveDown(0.4);
      doc.fontSize(first ? SIZE.title : SIZE.heading);
      drawText(doc, fonts, block.text, 'bold', { x: MARGIN, y: doc.y }, { width, align: first ? 'center' : 'left' });
      doc.moveDown(first ? 1 : 0.4);
      return;
    }
    doc.fontSize(SIZE.text);
    for (const runs of block.lines) line(doc, fonts, runs, width);
    doc.moveDown(0.6);
  });
  footers(doc, fonts, input.agencyName);
  doc.end();
  return done;
}
