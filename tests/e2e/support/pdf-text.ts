// A PDF read as text, as the API's own tests read the budget's PDF: unpdf (pdf.js), which the API
// package already has. Resolved from apps/api, so the journeys need no package of their own for it.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Unpdf = {
  getDocumentProxy(data: Uint8Array): Promise<unknown>;
  extractText(pdf: unknown, options: { mergePages: true }): Promise<{ text: string }>;
};

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function loadUnpdf(): Promise<Unpdf> {
  const path = createRequire(join(REPO_ROOT, 'apps/api/package.json')).resolve('unpdf');
  const mod = (await import(pathToFileURL(path).href)) as Partial<Unpdf> & { default?: Unpdf };
  return mod.extractText && mod.getDocumentProxy ? (mod as Unpdf) : (mod.default as Unpdf);
}

/** The text of every page of a PDF, one string, runs of white space made one space. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const unpdf = await loadUnpdf();
  const { text } = await unpdf.extractText(await unpdf.getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
