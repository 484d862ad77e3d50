// POST /api/budgets/duplicate: a budget copied with its whole tree in one transaction.
import type { Db } from '@app/db';
import {
  BUDGET_MESSAGES,
  type BudgetTree,
  budgetDateIssues,
  CLIENT_FIELD_MESSAGES,
  type DuplicateBudgetInput,
  updateBudgetInput,
} from '@app/shared';
import type { DocumentCipher } from '../../document-numbers';
import { AppError, fieldError, notFound } from '../../errors';
import { checkVersion } from '../../versions';
import { attendanceWhere } from '../attendances/attendances.where';
import { assertCopyWithinLimits } from './budget-limits';
import { refreshBudgetTotals } from './budget-totals.service';
import { getBudget } from './budgets.service';
import { budgetWhere, lockBudget } from './budgets.where';

/** The longest title the contract takes: a copy's title stays editable as it is. */
const TITLE_MAX = updateBudgetInput.shape.title.unwrap().maxLength ?? 160;
const DAY_MS = 86_400_000;

/**
 * The copy's title: the original's with ' (cópia)' once — a copy of a copy keeps one mark — cut
 * to fit the contract's length (never leaving half of a surrogate pair).
 */
export function copyTitle(title: string): string {
  const suffix = BUDGET_MESSAGES.copySuffix;
  if (title.endsWith(suffix)) return title;
  const base = title
    .slice(0, TITLE_MAX - suffix.length)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trimEnd();
  return `${base}${suffix}`;
}

const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
/** Whole days from one ISO date to another (both UTC midnights). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** 404 with the field named, so a form shows it under the attendance picker. */
const attendanceNotFound = () =>
  new AppError('NOT_FOUND', { message: 'Atendimento não encontrado.', errors: { attendance_id: [CLIENT_FIELD_MESSAGES.notFound] } });

/**
 * Copies the caller's budget: its fields (status draft, a new landing-page id from the database's
 * default, the title marked ' (cópia)' once), paxes, proposals, their services (active again,
 * without the refunds of the original) and recommendations; the totals are computed for the copy.
 * The copy may be for another attendance of the agency (its client and owner follow, as on create)
 * and for other trip dates: the services' dates, flight segments included, move by as many days
 * as the start date did. One transaction: a failure, or a source past the budget limits, leaves
 * nothing of the copy. The proposals' new ids are drawn first so the services follow their
 * proposal in one statement.
 */
export async function duplicateBudget(db: Db, cipher: DocumentCipher, companyId: number, input: DuplicateBudgetInput): Promise<BudgetTree> {
  const sourceId = input.id;
  const id = await db.$transaction(async (tx) => {
    if (!(await lockBudget(tx, companyId, sourceId))) throw notFound();
    // The copy is of the budget the agent saw (the original itself is left as it was).
    await checkVersion(tx, { table: 'budgets', companyId, id: sourceId, expected: input.version });
    await assertCopyWithinLimits(tx, sourceId, 'id');
    const source = await tx.budget.findFirstOrThrow({
      where: budgetWhere(companyId, sourceId),
      select: { title: true, attendanceId: true, clientId: true, ownerUserId: true, startDate: true, endDate: true },
    });
    const party =
      input.attendance_id === undefined || input.attendance_id === source.attendanceId
        ? { id: source.attendanceId, clientId: source.clientId, ownerUserId: source.ownerUserId }
        : await tx.attendance.findFirst({
            where: attendanceWhere(companyId, input.attendance_id),
            select: { id: true, clientId: true, ownerUserId: true },
          });
    if (!party) throw attendanceNotFound();
    const sourceStart = isoDate(source.startDate);
    const startDate = input.start_date !== undefined ? input.start_date : sourceStart;
    const endDate = input.end_date !== undefined ? input.end_date : isoDate(source.endDate);
    // Checked merged: a new end alone may fall before the original's start.
    const [dateIssue] = budgetDateIssues({ start_date: startDate, end_date: endDate });
    if (dateIssue) throw fieldError(dateIssue.path, dateIssue.message);
    // Without a start on either side there is nothing to measure the move by: the services keep their dates.
    const shiftDays = sourceStart && startDate ? daysBetween(sourceStart, startDate) : 0;
    const [copy] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO budgets (company_id, attendance_id, client_id, owner_user_id, title, destination, destination_country, start_date,
        end_date, currency, currency_rate, currency_quote_history_id, agent_rates, observations, show_values, status, updated_at)
      SELECT company_id, ${party.id}, ${party.clientId}, ${party.ownerUserId}, ${copyTitle(source.title)}, destination, destination_country,
        ${startDate}::date, ${endDate}::date,
        currency, currency_rate, currency_quote_history_id, agent_rates, observations, show_values, 'draft', now()
      FROM budgets WHERE id = ${sourceId} AND company_id = ${companyId}
      RETURNING id`;
    if (!copy) throw notFound();
    await tx.$executeRaw`
      INSERT INTO budget_paxes (budget_id, client_id, name, age_group, age, birth_date, document_type, document_number_sealed,
        document_number_hash, document_country, document_expires_at, cpf, email, phone, position)
      SELECT ${copy.id}, client_id, name, age_group, age, birth_date, document_type, document_number_sealed,
        document_number_hash, document_country, document_expires_at, cpf, email, phone, position
      FROM budget_paxes WHERE budget_id = ${sourceId} ORDER BY position, id`;
    const proposals = await tx.$queryRaw<{ old_id: number; new_id: number }[]>`
      SELECT id AS old_id, nextval(pg_get_serial_sequence('proposals', 'id'))::int AS new_id
      FROM proposals WHERE budget_id = ${sourceId} AND company_id = ${companyId} ORDER BY position, id`;
    if (proposals.length) {
      const oldIds = proposals.map((p) => p.old_id);
      const newIds = proposals.map((p) => p.new_id);
      await tx.$executeRaw`
        INSERT INTO proposals (id, company_id, budget_id, title, notes, position, updated_at)
        SELECT m.new_id, p.company_id, ${copy.id}, p.title, p.notes, p.position, now()
        FROM unnest(${oldIds}::int[], ${newIds}::int[]) AS m(old_id, new_id) JOIN proposals p ON p.id = m.old_id`;
      await tx.$executeRaw`
        INSERT INTO services (company_id, budget_id, proposal_id, type, title, description, supplier_id, start_date, start_time,
          end_date, end_time, adult_number, child_number, infant_number, currency, adult_cents, child_cents, infant_cents,
          total_cents, taxes_cents, taxes_basis, fee_cents, commission_basis_points, quote_rate, quote_history_id, quote_source, details, status, position, updated_at)
        SELECT s.company_id, ${copy.id}, m.new_id, s.type, s.title, s.description, s.supplier_id, s.start_date, s.start_time,
          s.end_date, s.end_time, s.adult_number, s.child_number, s.infant_number, s.currency, s.adult_cents, s.child_cents, s.infant_cents,
          s.total_cents, s.taxes_cents, s.taxes_basis, s.fee_cents, s.commission_basis_points, s.quote_rate, s.quote_history_id, s.quote_source, s.details, 'active', s.position, now()
        FROM unnest(${oldIds}::int[], ${newIds}::int[]) AS m(old_id, new_id) JOIN services s ON s.proposal_id = m.old_id
        WHERE s.budget_id = ${sourceId}
        ORDER BY m.new_id, s.position, s.id`;
    }
    if (shiftDays !== 0) {
      // Flight segments keep their dates in `details` (ISO text, checked on write); other dates are columns.
      await tx.$executeRaw`
        UPDATE services s SET
          start_date = s.start_date + ${shiftDays}::int,
          end_date = s.end_date + ${shiftDays}::int,
          details = CASE WHEN jsonb_typeof(s.details -> 'segments') = 'array' THEN jsonb_set(s.details, '{segments}', (
            SELECT coalesce(jsonb_agg(e.seg || jsonb_strip_nulls(jsonb_build_object(
                'departure_date', to_char(CASE WHEN e.seg ->> 'departure_date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                  THEN (e.seg ->> 'departure_date')::date + ${shiftDays}::int END, 'YYYY-MM-DD'),
                'arrival_date', to_char(CASE WHEN e.seg ->> 'arrival_date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                  THEN (e.seg ->> 'arrival_date')::date + ${shiftDays}::int END, 'YYYY-MM-DD')
              )) ORDER BY e.ord), '[]'::jsonb)
            FROM jsonb_array_elements(s.details -> 'segments') WITH ORDINALITY AS e(seg, ord)
          )) ELSE s.details END
        WHERE s.budget_id = ${copy.id}`;
    }
    await tx.$executeRaw`
      INSERT INTO recommendations (company_id, budget_id, category, title, description, url, position, updated_at)
      SELECT company_id, ${copy.id}, category, title, description, url, position, now()
      FROM recommendations WHERE budget_id = ${sourceId} ORDER BY position, id`;
    await refreshBudgetTotals(tx, copy.id);
    return copy.id;
  });
  return getBudget(db, cipher, companyId, id);
}
