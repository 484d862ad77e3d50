// A travel document's number as the screens show it: masked, unless the user asks for the full value.

/** The masked form: the first 2 and the last 3 characters ("FZ•••456"); short numbers show less. */
export function maskDocumentNumber(plain: string): string {
  if (plain.length <= 5) return `${plain.slice(0, 1)}•••`;
  return `${plain.slice(0, 2)}•••${plain.slice(-3)}`;
}

export const isMaskedDocumentNumber = (value: string) => value.includes('•');
