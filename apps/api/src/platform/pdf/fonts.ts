// The fonts of our PDFs and the text drawn in them. pdfkit draws each run in one font and shows an
// empty box for a character that font lacks; agents type arrows ("GRU → LIS", "ida ⇄ volta"), "✈",
// names from every alphabet. Each weight is a chain: Noto Sans in its subsets (Latin, Latin
// Extended, Greek, Cyrillic, Vietnamese), then Noto Sans Math (arrows, check marks) and Noto Sans
// Symbols 2 and Symbols (dingbats such as ✈ ☎ ✉); a text is cut into runs, each in the first font of
// the chain that has its characters. A character no font has is left out: never an empty box.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

/**
 * A WOFF 1.0 font as the TrueType file it wraps (the tables inflated, a plain sfnt directory).
 * fontkit reads WOFF too, but inflates a table in JavaScript on every read of it (each glyph): ~200
 * ms per document against ~1 ms for the unwrapped file.
 */
export function woffToTtf(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compLength, origLength] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(2 ** entrySelector * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - 2 ** entrySelector * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    header.writeUInt32BE(t.tag, 12 + i * 16);
    header.writeUInt32BE(t.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(t.data.length, 24 + i * 16);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

export type Weight = 'regular' | 'bold';
export type FontChains = Record<Weight, fontkit.Font[]>;

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) =>
  fontkit.create(woffToTtf(readFileSync(require.resolve(`@fontsource/${pkg}/files/${file}`)))) as fontkit.Font;
const TEXT_SUBSETS = ['latin', 'latin-ext', 'greek', 'cyrillic', 'vietnamese'];

let chains: FontChains | undefined;
/** The chains, read and parsed once per process (thread): each document embeds only the glyphs it uses. */
export function fontChains(): FontChains {
  if (!chains) {
    // Symbols have one weight: a bold text borrows the regular symbol.
    const symbols = [
      fontFile('noto-sans-math', 'noto-sans-math-latin-400-normal.woff'),
      fontFile('noto-sans-symbols-2', 'noto-sans-symbols-2-symbols-400-normal.woff'),
      fontFile('noto-sans-symbols', 'noto-sans-symbols-symbols-400-normal.woff'),
    ];
    const text = (weight: number) => TEXT_SUBSETS.map((subset) => fontFile('noto-sans', `noto-sans-${subset}-${weight}-normal.woff`));
    chains = { regular: [...text(400), ...symbols], bold: [...text(700), ...symbols] };
  }
  return chains;
}

/** The pdfkit name of a chain's font: 'regular', 'bold' for the first, then 'regular.1'... */
const fontName = (weight: Weight, index: number) => (index === 0 ? weight : `${weight}.${index}`);

/** Registers every font of `fonts` under its chain name; the first of each chain is the document's own. */
export function registerFonts(doc: PDFKit.PDFDocument, fonts: FontChains) {
  for (const weight of ['regular', 'bold'] as const) {
    // pdfkit takes a parsed fontkit font as well as bytes (its typings only know the bytes).
    fonts[weight].forEach((font, i) => {
      doc.registerFont(fontName(weight, i), font as unknown as Buffer);
    });
  }
}

/** Variation selectors and joiners only shape the character before them (an emoji's look): not drawn. */
const SILENT = /[\uFE00-\uFE0F\u200D]/u;
const WHITESPACE = /\s/u;
/** Per chain, the font each code point is drawn in (-1: none has it). */
const choices = new WeakMap<fontkit.Font[], Map<number, number>>();

/** `text` as runs of one font each; characters no font of the chain has are left out. */
export function fontRuns(text: string, weight: Weight, fonts: FontChains): { font: string; text: string }[] {
  const chain = fonts[weight];
  const choice = choices.get(chain) ?? new Map<number, number>();
  choices.set(chain, choice);
  const runs: { font: string; text: string }[] = [];
  let current = -1;
  let pending = '';
  for (const char of text) {
    if (SILENT.test(char)) continue;
    if (WHITESPACE.test(char)) {
      pending += char;
      continue;
    }
    const cp = char.codePointAt(0) as number;
    let index = choice.get(cp);
    if (index === undefined) {
      index = chain.findIndex((font) => font.hasGlyphForCodePoint(cp));
      choice.set(cp, index);
    }
    if (index < 0) continue;
    if (current >= 0 && index !== current) {
      runs.push({ font: fontName(weight, current), text: pending });
      pending = '';
    }
    current = index;
    pending += char;
  }
  if (pending) runs.push({ font: fontName(weight, Math.max(current, 0)), text: pending });
  return runs;
}

/**
 * `doc.text` through the chain: one call when one font has it all (nearly always), else the runs one
 * after the other (`continued`), wrapping as one text. `x`/`y` place the first run.
 */
export function drawText(
  doc: PDFKit.PDFDocument,
  fonts: FontChains,
  text: string,
  weight: Weight,
  at: { x: number; y: number } | null,
  options: PDFKit.Mixins.TextOptions,
) {
  const runs = fontRuns(text, weight, fonts);
  if (runs.length <= 1) {
    doc.font(runs[0]?.font ?? weight);
    const value = runs[0]?.text ?? '';
    if (at) doc.text(value, at.x, at.y, options);
    else doc.text(value, options);
    return;
  }
  // pdfkit places each run of a centred or right-aligned text by itself (their spaces lost): a line
  // that fits is placed here and drawn left-aligned; a longer one wraps left-aligned.
  let first = at;
  let base = options;
  if (options.align === 'center' || options.align === 'right') {
    const width = runs.reduce((sum, run) => sum + doc.font(run.font).widthOfString(run.text), 0);
    const room = options.width ?? 0;
    const x = at?.x ?? doc.x;
    if (width <= room) first = { x: x + (options.align === 'center' ? (room - width) / 2 : room - width), y: at?.y ?? doc.y };
    base = { ...options, align: 'left', ...(width <= room ? { width: width + 1 } : {}) };
  }
  runs.forEach((run, i) => {
    const opts = { ...base, continued: i < runs.length - 1 ? true : options.continued };
    doc.font(run.font);
    if (i === 0 && first) doc.text(run.text, first.x, first.y, opts);
    else doc.text(run.text, opts);
  });
  // The next text starts in the chain's first font, as a single-run text leaves it.
  doc.font(weight);
}
