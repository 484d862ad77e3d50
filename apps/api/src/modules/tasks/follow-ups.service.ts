// The automatic follow-ups: each rule finds its subjects across every agency that has it on, in one
// statement that also inserts the tasks (source key 'follow-up:<rule>:<subject>', unique per
// agency, so a subject gets its task once however often the job runs), their task logs and the
// attendances' history rows. Then the reminder mails: each task is claimed (reminder_sent_at)
// before its mail and released if sending fails, so a mail goes out once, even after a crash
// between the insert and the mail (the next run finds the task unclaimed). The rules that write to
// the customer (installment reminder, and the marketing budget reminder, which needs the client's
// consent) claim each mail's key (deliverOnce) before sending.
import { type Db, Prisma } from '@app/db';
import {
  BUSINESS_TIME_ZONE,
  businessDate,
  FOLLOW_UP_DAYS,
  FOLLOW_UP_DAYS_RANGE,
  FOLLOW_UP_RULE_LABELS,
  type FollowUpRule,
  firstName,
  TASK_LIMITS,
} from '@app/shared';
import type { Config } from '../../config';
import type { JobRun } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import { deliverOnce } from '../../platform/mail-deliveries';
import { OWED_PAYABLE_SQL } from '../finance/payables.service';
import { receivableSelect, toReceivableDto } from '../finance/receivables.service';
import { agencyContactSelect, toAgencyContact } from '../landing-pages/landing-pages.dto';
import { consentGranted, consentGrantedSql, consentSelect } from '../marketing-consent/consent';
import { unsubscribeLink } from '../marketing-consent/unsubscribe-links';

const DAY_MS = 24 * 3_600_000;
/** Older subjects are left alone: the first run (or one after a long pause) does not flood the board with stale budgets. */
const LOOKBACK_DAYS = 30;
/** Reminder mails per run; the rest go out on the next run. */
const REMINDERS_PER_RUN = 500;
/** Days after a budget is sent before the marketing reminder (budget_customer_reminder) may go. */
const BUDGET_REMINDER_DAYS = 5;

/** A timestamp column holds UTC wall time: an instant as such a value. */
const at = (instant: Date) => Prisma.sql`${instant.toISOString()}::timestamp`;
/** A stored instant as the day in Brazil, 'DD/MM/YYYY'. */
const localDay = (column: Prisma.Sql) =>
  Prisma.sql`to_char((${column} AT TIME ZONE 'UTC') AT TIME ZONE ${BUSINESS_TIME_ZONE}, 'DD/MM/YYYY')`;
const day = (column: Prisma.Sql) => Prisma.sql`to_char(${column}, 'DD/MM/YYYY')`;

type Clock = { now: Date; today: string };

/**
 * Each rule's subjects: company_id, attendance_id, assignee_user_id (the attendance's owner),
 * subject (text, unique within the rule), title, description.
 */
/** The rules that mail the customer instead of creating a task (opt-in: FOLLOW_UP_DEFAULT_OFF). */
type CustomerMailRule = 'receivable_customer_reminder' | 'budget_customer_reminder';

const SUBJECTS: Record<Exclude<FollowUpRule, CustomerMailRule>, (c: Clock) => Prisma.Sql> = {
  budget_not_opened: ({ now }) => Prisma.sql`
    SELECT b.company_id, b.attendance_id, a.owner_user_id AS assignee_user_id, b.id::text AS subject,
      'Orçamento não aberto: ' || b.title AS title,
      'O cliente ainda não abriu o orçamento "' || b.title || '", enviado em ' || ${localDay(Prisma.sql`b.sent_at`)}
        || '. Confirme se o e-mail chegou ou envie o link por WhatsApp.' AS description
    FROM budgets b JOIN attendances a ON a.id = b.attendance_id AND a.company_id = b.company_id
    WHERE b.status = 'sent' AND a.status = 'open' AND b.landing_views_count = 0
      AND b.sent_at <= ${at(new Date(now.getTime() - 2 * DAY_MS))} AND b.sent_at > ${at(new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS))}`,

  budget_not_accepted: ({ now }) => Prisma.sql`
    SELECT b.company_id, b.attendance_id, a.owner_user_id AS assignee_user_id, b.id::text AS subject,
      'Orçamento aberto e não aceito: ' || b.title AS title,
      'O cliente abriu o orçamento "' || b.title || '" pela primeira vez em ' || ${localDay(Prisma.sql`v.first_view`)}
        || ' e ainda não aceitou. Pergunte se ficou alguma dúvida ou se quer outra opção.' AS description
    FROM budgets b JOIN attendances a ON a.id = b.attendance_id AND a.company_id = b.company_id
    CROSS JOIN LATERAL (SELECT min(viewed_at) AS first_view FROM budget_landing_views WHERE budget_id = b.id) v
    WHERE b.status = 'sent' AND a.status = 'open' AND b.landing_views_count > 0
      AND v.first_view <= ${at(new Date(now.getTime() - 5 * DAY_MS))} AND v.first_view > ${at(new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS))}`,

  // One task per attendance: its own travel date, or that of a budget on the table.
  trip_starting: ({ today }) => Prisma.sql`
    SELECT DISTINCT ON (trips.company_id, trips.attendance_id)
      trips.company_id, trips.attendance_id, trips.owner_user_id AS assignee_user_id, trips.attendance_id::text AS subject,
      'Viagem começa em breve: ' || trips.title AS title,
      'A viagem começa em ' || ${day(Prisma.sql`trips.start_date`)}
        || '. Confira documentos, vouchers, check-in online e transfer com o cliente.' AS description
    FROM (
      SELECT a.company_id, a.id AS attendance_id, a.owner_user_id, a.title, a.start_date
      FROM attendances a
      WHERE a.status IN ('open', 'won') AND a.start_date BETWEEN ${today}::date AND ${today}::date + 7
      UNION ALL
      SELECT b.company_id, b.attendance_id, a.owner_user_id, a.title, b.start_date
      FROM budgets b JOIN attendances a ON a.id = b.attendance_id AND a.company_id = b.company_id
      WHERE b.status IN ('sent', 'accepted') AND a.status IN ('open', 'won') AND b.start_date BETWEEN ${today}::date AND ${today}::date + 7
    ) trips
    ORDER BY trips.company_id, trips.attendance_id, trips.start_date`,

  // A traveller (a client of the agency on a budget) whose passport ends less than 6 months after
  // the trip: the passport typed on the budget when the client has it, else the client's latest.
  passport_expiring: ({ today }) => Prisma.sql`
    SELECT DISTINCT ON (b.company_id, b.attendance_id, p.client_id)
      b.company_id, b.attendance_id, a.owner_user_id AS assignee_user_id, b.attendance_id || ':' || p.client_id AS subject,
      'Passaporte vence antes do prazo: ' || p.name AS title,
      'O passaporte de ' || p.name || ' vence em ' || ${day(Prisma.sql`d.expires_at`)} || ', menos de 6 meses depois da volta ('
        || ${day(Prisma.sql`trip.end_date`)} || '). Muitos países recusam o embarque: oriente a renovação.' AS description
    FROM budgets b
    JOIN attendances a ON a.id = b.attendance_id AND a.company_id = b.company_id
    CROSS JOIN LATERAL (SELECT COALESCE(b.end_date, b.start_date, a.end_date, a.start_date) AS end_date) trip
    JOIN budget_paxes p ON p.budget_id = b.id
    JOIN clients c ON c.id = p.client_id AND c.company_id = b.company_id
    CROSS JOIN LATERAL (
      SELECT cd.expires_at FROM client_documents cd
      WHERE cd.client_id = c.id AND cd.type = 'passport' AND cd.expires_at IS NOT NULL
      ORDER BY (p.document_type = 'passport' AND cd.number_hash = p.document_number_hash) DESC NULLS LAST, cd.expires_at DESC
      LIMIT 1
    ) d
    WHERE b.status IN ('sent', 'accepted', 'sold') AND a.status IN ('open', 'won')
      AND trip.end_date >= ${today}::date AND d.expires_at < trip.end_date + interval '6 months'
    ORDER BY b.company_id, b.attendance_id, p.client_id, trip.end_date DESC`,

  // A payable still owed (contas a pagar: not paid, reservation not canceled) due tomorrow: one task each.
  supplier_payment_due: ({ today }) => Prisma.sql`
    SELECT r.company_id, b.attendance_id, a.owner_user_id AS assignee_user_id, r.id::text AS subject,
      'Pagamento a fornecedor vence amanhã: ' || COALESCE(sup.name, s.title, b.title) AS title,
      'Vence em ' || ${day(Prisma.sql`r.payment_due_date`)} || ' o pagamento de ' || r.currency || ' '
        || replace(to_char(r.amount_cents / 100.0, 'FM999999999990.00'), '.', ',')
        || COALESCE(' a ' || sup.name, '') || COALESCE(' pela reserva de "' || s.title || '"', '')
        || ' (orçamento "' || b.title || '").' AS description
    FROM reservations r
    JOIN budgets b ON b.id = r.budget_id AND b.company_id = r.company_id
    JOIN attendances a ON a.id = b.attendance_id AND a.company_id = b.company_id
    LEFT JOIN suppliers sup ON sup.id = r.supplier_id AND sup.company_id = r.company_id
    LEFT JOIN services s ON s.id = r.service_id AND s.company_id = r.company_id
    WHERE ${OWED_PAYABLE_SQL} AND r.payment_due_date = ${today}::date + 1`,

  // An installment still open whose due date is within the agency's N days (a run missed is made up
  // by the next one): one task each, for the sale's seller.
  receivable_due_soon: ({ today }) => Prisma.sql`
    ${receivableSubjects('receivable_due_soon', 'Parcela vence em breve: ', 'vence em')}
    AND r.due_date BETWEEN ${today}::date AND ${today}::date + COALESCE(f.days, ${FOLLOW_UP_DAYS.receivable_due_soon?.default}::int)`,

  // An installment still open N days or more after its due date (not older than the lookback).
  receivable_overdue: ({ today }) => Prisma.sql`
    ${receivableSubjects('receivable_overdue', 'Parcela em atraso: ', 'venceu em')}
    AND r.due_date <= ${today}::date - COALESCE(f.days, ${FOLLOW_UP_DAYS.receivable_overdue?.default}::int)
    AND r.due_date > ${today}::date - COALESCE(f.days, ${FOLLOW_UP_DAYS.receivable_overdue?.default}::int) - ${LOOKBACK_DAYS}::int`,
};

/** The open installments of sales not undone, with the rule's days of their agency (f.days), to be narrowed by due date. */
function receivableSubjects(rule: FollowUpRule, titlePrefix: string, dueVerb: string): Prisma.Sql {
  return Prisma.sql`
    SELECT r.company_id, b.attendance_id, s.seller_user_id AS assignee_user_id, r.id::text AS subject,
      ${titlePrefix} || c.name || ' (' || r.number || '/' || (SELECT count(*) FROM receivables n WHERE n.sale_id = r.sale_id) || ')' AS title,
      'A parcela ' || r.number || ' do orçamento "' || b.title || '" ' || ${dueVerb} || ' ' || ${day(Prisma.sql`r.due_date`)}
        || ': faltam ' || r.currency || ' ' || replace(to_char((r.amount_cents - r.received_cents) / 100.0, 'FM999999999990.00'), '.', ',')
        || '. Fale com ' || c.name || COALESCE(' (' || NULLIF(c.phone, '') || ')', '') || ' e registre o recebimento em Contas a receber.' AS description
    FROM receivables r
    JOIN sales s ON s.id = r.sale_id AND s.company_id = r.company_id AND s.undone_at IS NULL
    JOIN budgets b ON b.id = s.budget_id AND b.company_id = r.company_id
    JOIN clients c ON c.id = r.client_id AND c.company_id = r.company_id
    LEFT JOIN follow_up_settings f ON f.company_id = r.company_id AND f.rule = ${rule}::"FollowUpRule"
    WHERE r.status = 'open' AND r.amount_cents > r.received_cents`;
}

/**
 * One rule, in one statement (so atomic): the subjects of the agencies that did not turn it off and
 * have no task for them yet become high-priority tasks due today at the end of the to-do column,
 * each with its task log and a `follow_up` row in its attendance's history. Returns how many.
 */
async function applyRule(db: Db, rule: keyof typeof SUBJECTS, clock: Clock): Promise<number> {
  const prefix = `follow-up:${rule}:`;
  const label = FOLLOW_UP_RULE_LABELS[rule];
  const rows = await db.$queryRaw<{ n: number }[]>`
    WITH subjects AS (${SUBJECTS[rule](clock)}),
    fresh AS (
      SELECT s.*, ${prefix} || s.subject AS source_key FROM subjects s
      WHERE NOT EXISTS (
          SELECT 1 FROM follow_up_settings f
          WHERE f.company_id = s.company_id AND f.rule = ${rule}::"FollowUpRule" AND NOT f.enabled)
        AND NOT EXISTS (SELECT 1 FROM tasks x WHERE x.company_id = s.company_id AND x.source_key = ${prefix} || s.subject)
    ),
    inserted AS (
      INSERT INTO tasks (company_id, attendance_id, assignee_user_id, title, description, due_date, priority, status, position,
        source_key, updated_at)
      SELECT f.company_id, f.attendance_id, f.assignee_user_id, left(f.title, ${TASK_LIMITS.title.max}), f.description,
        ${clock.today}::date, 'high', 'to_do',
        (SELECT COALESCE(max(x.position) + 1, 0) FROM tasks x WHERE x.company_id = f.company_id AND x.status = 'to_do')
          + (row_number() OVER (PARTITION BY f.company_id ORDER BY f.source_key))::int - 1,
        f.source_key, now()
      FROM fresh f
      ON CONFLICT (company_id, source_key) DO NOTHING
      RETURNING id, company_id, attendance_id, assignee_user_id, title, due_date
    ),
    task_log AS (
      INSERT INTO task_logs (company_id, task_id, task_title, user_id, action, changes)
      SELECT i.company_id, i.id, i.title, NULL, 'created', jsonb_build_object(
        'title', jsonb_build_object('from', NULL, 'to', i.title),
        'due_date', jsonb_build_object('from', NULL, 'to', i.due_date::text),
        'priority', jsonb_build_object('from', NULL, 'to', 'high'),
        'status', jsonb_build_object('from', NULL, 'to', 'to_do'),
        'assignee_user_id', jsonb_build_object('from', NULL, 'to', i.assignee_user_id),
        'attendance_id', jsonb_build_object('from', NULL, 'to', i.attendance_id))
      FROM inserted i
    ),
    attendance_log AS (
      INSERT INTO attendance_logs (company_id, attendance_id, user_id, action, changes)
      SELECT i.company_id, i.attendance_id, NULL, 'follow_up', jsonb_build_object(
        'task', jsonb_build_object('from', NULL, 'to', i.title),
        'rule', jsonb_build_object('from', NULL, 'to', ${label}::text))
      FROM inserted i
    )
    SELECT count(*)::int AS n FROM inserted`;
  return rows[0]?.n ?? 0;
}

type DueReminder = {
  id: number;
  title: string;
  description: string | null;
  due_date: Date | null;
  attendance_id: number | null;
  attendance_title: string | null;
  name: string;
  email: string;
};

/**
 * The follow-up tasks whose reminder has not gone out (open, assigned to an active user, due in the
 * last week), up to REMINDERS_PER_RUN. Each is then mailed once (deliverOnce), whichever run takes it.
 */
async function dueReminders(db: Db, today: string): Promise<DueReminder[]> {
  return db.$queryRaw<DueReminder[]>`
    SELECT x.id, x.title, x.description, x.due_date, x.attendance_id, a.title AS attendance_title, u.name, u.email
    FROM tasks x
    JOIN users u ON u.id = x.assignee_user_id AND u.company_id = x.company_id AND u.status = 'active'
    LEFT JOIN attendances a ON a.id = x.attendance_id AND a.company_id = x.company_id
    WHERE x.source_key LIKE 'follow-up:%' AND x.reminder_sent_at IS NULL AND x.status <> 'done' AND x.due_date >= ${today}::date - 7
    ORDER BY x.id LIMIT ${REMINDERS_PER_RUN}`;
}

type CustomerReminder = {
  company_id: number;
  receivable_id: number;
  client_id: number;
  overdue: boolean;
  client_name: string;
  client_email: string;
  seller_name: string;
  seller_email: string;
};

/**
 * The installments whose follow-up task (vence em breve, em atraso) was created in the last two
 * days, of the agencies that turned the customer reminder on, still open, of a client with an
 * e-mail: each mailed once per rule (deliverOnce), whichever run takes it. Read from the few agencies
 * with the reminder on, their open installments by due date, then the task by its source key.
 */
async function customerReminders(db: Db, today: string): Promise<CustomerReminder[]> {
  return db.$queryRaw<CustomerReminder[]>`
    SELECT r.company_id, r.id AS receivable_id, r.client_id, x.source_key LIKE 'follow-up:receivable_overdue:%' AS overdue,
      c.name AS client_name, c.email AS client_email, u.name AS seller_name, u.email AS seller_email
    FROM follow_up_settings f
    JOIN receivables r ON r.company_id = f.company_id AND r.status = 'open'
      AND r.due_date BETWEEN ${today}::date - ${LOOKBACK_DAYS + FOLLOW_UP_DAYS_RANGE.max}::int AND ${today}::date + ${FOLLOW_UP_DAYS_RANGE.max}::int
    JOIN tasks x ON x.company_id = r.company_id
      AND x.source_key IN ('follow-up:receivable_due_soon:' || r.id, 'follow-up:receivable_overdue:' || r.id)
      AND x.created_at > now() - interval '2 days'
    JOIN clients c ON c.id = r.client_id AND c.company_id = r.company_id AND c.email IS NOT NULL AND c.email <> ''
    JOIN sales s ON s.id = r.sale_id AND s.company_id = r.company_id
    JOIN users u ON u.id = s.seller_user_id AND u.company_id = r.company_id
    WHERE f.rule = 'receivable_customer_reminder' AND f.enabled
    ORDER BY x.id LIMIT ${REMINDERS_PER_RUN}::int`;
}

/** Mails the customer reminders; a failure is counted and retried by the next run (the key is not marked sent). */
async function remindCustomers(db: Db, mailer: Mailer, config: Pick<Config, 'appUrl' | 'jwtSecret'>, run: JobRun, today: string) {
  const due = await customerReminders(db, today);
  if (due.length === 0) return { sent: 0, failures: [] as unknown[] };
  const [rows, companies] = await Promise.all([
    db.receivable.findMany({ where: { id: { in: due.map((d) => d.receivable_id) } }, select: receivableSelect }),
    db.company.findMany({
      where: { id: { in: [...new Set(due.map((d) => d.company_id))] } },
      select: { id: true, ...agencyContactSelect },
    }),
  ]);
  const receivables = new Map(rows.map((r) => [r.id, toReceivableDto(r, today)]));
  const agencies = new Map(companies.map((c) => [c.id, toAgencyContact(c)]));
  const failures: unknown[] = [];
  let sent = 0;
  for (const d of due) {
    const receivable = receivables.get(d.receivable_id);
    const agency = agencies.get(d.company_id);
    if (!receivable || !agency) continue;
    try {
      const key = `installment-reminder:${d.overdue ? 'overdue' : 'due-soon'}:${d.receivable_id}`;
      const delivered = await deliverOnce({ db, mailer }, run, key, async () =>
        (await import('../finance/finance.mails')).installmentReminderMail(config.appUrl, {
          to: d.client_email,
          clientName: firstName(d.client_name),
          agency,
          seller: { name: d.seller_name, email: d.seller_email },
          receivable,
          overdue: d.overdue,
          // Transactional (the customer's own purchase): sent whatever the marketing consent, with the way out all the same.
          unsubscribe: unsubscribeLink(config, d.client_id),
        }),
      );
      if (delivered) sent += 1;
    } catch (error) {
      failures.push(error);
    }
  }
  return { sent, failures };
}

type BudgetReminder = {
  company_id: number;
  budget_id: number;
  client_id: number;
  title: string;
  landing_page_id: string;
  client_name: string;
  client_email: string;
  owner_name: string;
  owner_email: string;
};

/**
 * The marketing rule, in one statement: of the agencies that turned budget_customer_reminder on, the
 * budgets sent BUDGET_REMINDER_DAYS days ago or more (within the lookback), still sent and of an open
 * attendance, whose client has an e-mail and a standing consent (given, not withdrawn), and whose
 * reminder has not gone out. Each is then claimed (deliverOnce) before its mail.
 */
async function budgetReminders(db: Db, now: Date): Promise<BudgetReminder[]> {
  return db.$queryRaw<BudgetReminder[]>`
    SELECT b.company_id, b.id AS budget_id, b.client_id, b.title, b.landing_page_id::text AS landing_page_id,
      c.name AS client_name, c.email AS client_email, u.name AS owner_name, u.email AS owner_email
    FROM follow_up_settings f
    JOIN budgets b ON b.company_id = f.company_id AND b.status = 'sent' AND b.landing_page_enabled
      AND b.sent_at <= ${at(new Date(now.getTime() - BUDGET_REMINDER_DAYS * DAY_MS))}
      AND b.sent_at > ${at(new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS))}
    JOIN attendances a ON a.id = b.attendance_id AND a.company_id = b.company_id AND a.status = 'open'
    JOIN clients c ON c.id = b.client_id AND c.company_id = b.company_id AND c.is_active
      AND c.email IS NOT NULL AND c.email <> '' AND ${consentGrantedSql('c')}
    JOIN users u ON u.id = b.owner_user_id AND u.company_id = b.company_id
    WHERE f.rule = 'budget_customer_reminder' AND f.enabled
      AND NOT EXISTS (SELECT 1 FROM mail_deliveries d WHERE d.key = 'budget-reminder:' || b.id AND d.sent_at IS NOT NULL)
    ORDER BY b.id LIMIT ${REMINDERS_PER_RUN}::int`;
}

/** Mails the budget reminders; the consent is read again when each is sent (withdrawn meanwhile: nothing goes). */
async function remindBudgetCustomers(db: Db, mailer: Mailer, config: Pick<Config, 'appUrl' | 'jwtSecret'>, run: JobRun, now: Date) {
  const due = await budgetReminders(db, now);
  if (due.length === 0) return { sent: 0, failures: [] as unknown[] };
  const companies = await db.company.findMany({
    where: { id: { in: [...new Set(due.map((d) => d.company_id))] } },
    select: { id: true, ...agencyContactSelect },
  });
  const agencies = new Map(companies.map((c) => [c.id, toAgencyContact(c)]));
  const failures: unknown[] = [];
  let sent = 0;
  for (const d of due) {
    const agency = agencies.get(d.company_id);
    if (!agency) continue;
    try {
      const delivered = await deliverOnce({ db, mailer }, run, `budget-reminder:${d.budget_id}`, async () => {
        const client = await db.client.findFirst({ where: { id: d.client_id, companyId: d.company_id }, select: consentSelect });
        if (!client || !consentGranted(client)) return null;
        return (await import('../budget-documents/budget-documents.mails')).budgetReminderMail(config.appUrl, {
          to: d.client_email,
          clientName: firstName(d.client_name),
          agency,
          budget: { title: d.title, landingPageId: d.landing_page_id },
          owner: { name: firstName(d.owner_name), email: d.owner_email },
          unsubscribe: unsubscribeLink(config, d.client_id),
        });
      });
      if (delivered) sent += 1;
    } catch (error) {
      failures.push(error);
    }
  }
  return { sent, failures };
}

export type FollowUpRun = { created: Record<string, number>; reminded: number; customersReminded: number; budgetsReminded: number };

/**
 * The job's work. A retry (or a second process) creates nothing twice and mails each task once;
 * a failed mail is retried by the next attempt or run.
 */
export async function runFollowUps(
  db: Db,
  mailer: Mailer,
  config: Pick<Config, 'appUrl' | 'jwtSecret'>,
  run: JobRun,
  now = new Date(),
): Promise<FollowUpRun> {
  const clock = { now, today: businessDate(now) };
  const created: Record<string, number> = {};
  for (const rule of Object.keys(SUBJECTS) as (keyof typeof SUBJECTS)[]) created[rule] = await applyRule(db, rule, clock);

  const failures: unknown[] = [];
  let reminded = 0;
  for (const task of await dueReminders(db, clock.today)) {
    try {
      const delivered = await deliverOnce({ db, mailer }, run, `task-reminder:${task.id}`, async () =>
        (await import('./tasks.mails')).followUpReminderMail(config.appUrl, {
          to: task.email,
          agentName: firstName(task.name),
          title: task.title,
          description: task.description,
          attendance: task.attendance_id === null ? null : { id: task.attendance_id, title: task.attendance_title ?? '' },
          dueDate: task.due_date ? task.due_date.toISOString().slice(0, 10) : null,
        }),
      );
      if (!delivered) continue;
      await db.task.updateMany({ where: { id: task.id, reminderSentAt: null }, data: { reminderSentAt: new Date() } });
      reminded += 1;
    } catch (error) {
      failures.push(error);
    }
  }
  const customers = await remindCustomers(db, mailer, config, run, clock.today);
  failures.push(...customers.failures);
  const budgets = await remindBudgetCustomers(db, mailer, config, run, now);
  failures.push(...budgets.failures);
  if (failures.length) throw new AggregateError(failures, `${failures.length} follow-up reminder(s) failed`);
  return { created, reminded, customersReminded: customers.sent, budgetsReminded: budgets.sent };
}
