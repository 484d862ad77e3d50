// CSV files for Excel in Brazil: semicolons (the comma is the decimal mark there), CRLF lines and a
// UTF-8 byte order mark so accents open right.

export const UTF8_BOM = '\uFEFF';

/**
 * A field as Excel reads it: quoted when it holds a separator, a quote or a line break; a text
 * starting like a formula (=, +, -, @) gets a leading apostrophe so it is never run.
 */
export function csvField(value: string | number): string {
  const text = typeof value === 'string' ? formulaSafe(value) : String(value);
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) with a leading apostrophe. */
export const formulaSafe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** One line of fields, CRLF-terminated. */
export const csvLine = (fields: readonly (string | number)[]) => `${fields.map(csvField).join(';')}\r\n`;
