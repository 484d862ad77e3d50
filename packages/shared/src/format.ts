// Display formats: locale pt-BR, currency 'R$ 1.234,56', dates DD/MM/YYYY.

const brl = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats integer cents; Intl puts a no-break space after R$, normalised to a plain space. */
export function toCurrency(cents: number | null | undefined, currency = 'BRL'): string {
  const value = (cents ?? 0) / 100;
  if (currency === 'BRL') return brl.format(value).replace(/\u00a0/g, ' ');
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency }).format(value).replace(/\u00a0/g, ' ');
}

/** An amount hidden from view keeps its currency's sign: 'R$ •••••', 'US$ •••••'. */
export function maskedCurrency(currency = 'BRL'): string {
  const parts = new Intl.NumberFormat('pt-BR', { style: 'currency', currency }).formatToParts(0);
  return `${parts.find((p) => p.type === 'currency')?.value ?? currency} •••••`;
}

const oneDecimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** A file's size: '512 B', '1,5 KB', '10 MB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}

/** A CPF (11 digits) or CNPJ (14) as written on documents: '529.982.247-25', '12.345.678/0001-95'; anything else as given. */
export function cpfCnpj(digits: string): string {
  if (/^\d{11}$/.test(digits)) return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (/^\d{14}$/.test(digits)) return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return digits;
}

export function twoDigits(value: number | string): string {
  return String(value).padStart(2, '0');
}

export function capitalize(value: string | null | undefined): string {
  if (!value) return '';
  return value.charAt(0).toUpperCase() + value.slice(1);
}

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** Accepts DD/MM/YYYY (how users type dates) or an ISO date string. */
function parseDate(value: string): { day: number; month: number; year: number } | null {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (br) return { day: Number(br[1]), month: Number(br[2]), year: Number(br[3]) };
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return { day: Number(iso[3]), month: Number(iso[2]), year: Number(iso[1]) };
  return null;
}

/** '05/03/2026' */
export function shortDate(value: string | null | undefined): string {
  const d = value ? parseDate(value) : null;
  if (!d) return '';
  return `${twoDigits(d.day)}/${twoDigits(d.month)}/${d.year}`;
}

/** '05/03/2026' -> '2026-03-05'; null for anything else or a day the calendar lacks ('31/02/2026'). */
export function isoFromShortDate(value: string): string | null {
  const d = /^\d{2}\/\d{2}\/\d{4}$/.test(value.trim()) ? parseDate(value.trim()) : null;
  if (!d) return null;
  const date = new Date(Date.UTC(d.year, d.month - 1, d.day));
  const exists = date.getUTCFullYear() === d.year && date.getUTCMonth() === d.month - 1 && date.getUTCDate() === d.day;
  return exists ? `${d.year}-${twoDigits(d.month)}-${twoDigits(d.day)}` : null;
}

/** '5 de março de 2026' */
export function longDate(value: string | null | undefined): string {
  const d = value ? parseDate(value) : null;
  if (!d) return '';
  return `${d.day} de ${MONTHS[d.month - 1]} de ${d.year}`;
}

const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

/** 'segunda-feira, 12 de janeiro de 2027': a calendar day with its weekday (no time zone involved). */
export function weekdayLongDate(value: string | null | undefined): string {
  const d = value ? parseDate(value) : null;
  if (!d) return '';
  return `${WEEKDAYS[new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay()]}, ${longDate(value)}`;
}

/** '22/11/2026 14:05' in the user's time zone, for timestamps (logs, created_at). */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}
