// Calendar dates ('YYYY-MM-DD' at the API edge) and the Date Prisma uses for a DATE column
// (UTC midnight of that day), so no time zone shifts a birthday or a travel date.

export function toDbDate(value: string): Date;
export function toDbDate(value: string | null): Date | null;
export function toDbDate(value: string | null | undefined): Date | null | undefined;
export function toDbDate(value: string | null | undefined): Date | null | undefined {
  return value == null ? value : new Date(`${value}T00:00:00Z`);
}

export function fromDbDate(value: Date | null): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}
