import { Prisma } from '@app/db';
import { TAKEN_MESSAGE } from '@app/shared';
import { AppError } from './errors';

type DocumentField = 'cpf' | 'cnpj';
type Documents = { cpf?: string | null; cnpj?: string | null };

/**
 * A CPF/CNPJ another record of the agency already holds answers 'has already been taken' on its
 * field (clients and suppliers each keep theirs unique per agency). `holder` finds that record.
 */
export async function assertDocumentsFree(docs: Documents, holder: (field: DocumentField, value: string) => Promise<unknown>) {
  const errors: Record<string, string[]> = {};
  for (const field of ['cpf', 'cnpj'] as const) {
    const value = docs[field];
    if (value && (await holder(field, value))) errors[field] = [TAKEN_MESSAGE];
  }
  if (Object.keys(errors).length) throw new AppError('VALIDATION', { errors });
}

/** Two requests racing past the check above meet the unique indexes; answer as the check would. */
export function takenFromUniqueViolation(error: unknown): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
    const field = JSON.stringify(error.meta ?? {}).includes('cnpj') ? 'cnpj' : 'cpf';
    throw new AppError('VALIDATION', { errors: { [field]: [TAKEN_MESSAGE] } });
  }
  throw error;
}
