// What the after-sale journeys hand the screens: a small valid PDF to attach, recipients typed as tags.
import type { Locator } from '@playwright/test';

/** A one-page PDF with a correct cross-reference table, built as text. */
export function pdfDocument(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Types an address in a recipients field and makes it a tag. */
export async function addRecipient(dialog: Locator, email: string) {
  const field = dialog.getByLabel('Destinatários');
  await field.fill(email);
  await field.press('Enter');
}
