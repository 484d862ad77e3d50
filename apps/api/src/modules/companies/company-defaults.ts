// What an agency has from its first day, so that no screen's read has to create it: its row of
// each tracked currency's quote (rate null until typed) and the default pt-BR contract template.
// Made in the transaction that creates the agency, and at every start for what is missing.
import type { Db, Prisma } from '@app/db';
import { backfillDefaultTemplates, ensureDefaultTemplate } from '../contracts/contract-templates.service';
import { backfillQuoteRows, createAgencyQuoteRows } from '../currency-quotes/currency-quotes.service';

/** In the transaction that creates the company. */
export async function createCompanyDefaults(tx: Prisma.TransactionClient, companyId: number): Promise<void> {
  await createAgencyQuoteRows(tx, companyId);
  await ensureDefaultTemplate(tx, companyId);
}

/**
 * At every start (main.ts, and the test harness as it): the rows a company lacks, for companies
 * made before these came with them or outside the app (a seed, a benchmark). Idempotent.
 */
export async function backfillCompanyDefaults(db: Db): Promise<void> {
  await backfillQuoteRows(db);
  await backfillDefaultTemplates(db);
}
