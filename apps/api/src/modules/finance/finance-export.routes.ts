// The finance lists as files: CSV (Excel in Brazil: semicolons, BOM, formula-safe cells, csv.ts) or
// XLSX (exceljs' streaming writer). Rows are read a page at a time and written as they come, so an
// export of any size holds one page in memory.
import { PassThrough, Readable } from 'node:stream';
import { type Db, Prisma } from '@app/db';
import {
  businessDate,
  canSeeCosts,
  csvLine,
  type ExportCommissionsInput,
  type ExportFormat,
  type ExportPayablesInput,
  type ExportReceivablesInput,
  exportCommissionsInput,
  exportPayablesInput,
  exportReceivablesInput,
  formulaSafe,
  PAYABLE_STATUS_LABELS,
  PAYMENT_METHOD_KIND_LABELS,
  RECEIVABLE_STATUS_LABELS,
  UTF8_BOM,
} from '@app/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { attachmentDisposition } from '../../multipart';
import { requestSession } from '../access/authorize';
import { recordPersonalDataAccess } from '../personal-data/personal-data.service';
import { commissionSalesSql, toCommissionSale } from './commissions.service';
import { payablesWhere, receivablesWhere } from './finance.where';
import { payableSelect, toPayableDto } from './payables.service';
import { receivableSelect, toReceivableDto } from './receivables.service';

const PAGE = 500;
const MANAGERS = ['owner', 'administrador', 'super_admin'];

/** A cell: text, a date (ISO day), or money in cents. */
type Cell = { text: string } | { date: string | null } | { cents: number };
type Sheet = { name: string; filename: string; headers: string[]; rows: () => AsyncGenerator<Cell[]> };

const brDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');
const brMoney = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

function csvCell(cell: Cell): string {
  if ('text' in cell) return cell.text;
  if ('date' in cell) return brDate(cell.date);
  return brMoney(cell.cents);
}

function csvStream(sheet: Sheet): Readable {
  async function* lines() {
    yield UTF8_BOM + csvLine(sheet.headers);
    for await (const row of sheet.rows()) yield csvLine(row.map(csvCell));
  }
  return Readable.from(lines());
}

function xlsxStream(sheet: Sheet): Readable {
  const out = new PassThrough();
  (async () => {
    // exceljs loads with the first spreadsheet, not with the process.
    const { default: Excel } = await import('exceljs');
    const book = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    const ws = book.addWorksheet(sheet.name);
    ws.addRow(sheet.headers).commit();
    for await (const row of sheet.rows()) {
      const added = ws.addRow(
        row.map((cell) => {
          // Text is always a string cell, never a formula; the apostrophe keeps it so when re-saved as CSV.
          if ('text' in cell) return formulaSafe(cell.text);
          if ('date' in cell) return cell.date ? new Date(`${cell.date}T00:00:00Z`) : null;
          return cell.cents / 100;
        }),
      );
      row.forEach((cell, i) => {
        if ('cents' in cell) added.getCell(i + 1).numFmt = '#,##0.00';
        if ('date' in cell) added.getCell(i + 1).numFmt = 'dd/mm/yyyy';
      });
      added.commit();
    }
    ws.commit();
    await book.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** Pages through a list by (due date, id), the order of the screens. */
async function* paged<T extends { id: number }>(read: (after: T | undefined) => Promise<T[]>): AsyncGenerator<T> {
  let last: T | undefined;
  for (;;) {
    const page = await read(last);
    yield* page;
    if (page.length < PAGE) return;
    last = page.at(-1);
  }
}

const text = (t: string | null | undefined): Cell => ({ text: t ?? '' });
const methodLabel = (kind: keyof typeof PAYMENT_METHOD_KIND_LABELS | null) => (kind ? PAYMENT_METHOD_KIND_LABELS[kind] : '');

function receivablesSheet(db: Db, companyId: number, input: ExportReceivablesInput): Sheet {
  const today = businessDate();
  const { format: _, ...filters } = input;
  return {
    name: 'Contas a receber',
    filename: `contas-a-receber-${today}.${input.format}`,
    headers: [
      'Cliente',
      'Orçamento',
      'Parcela',
      'Vencimento',
      'Moeda',
      'Valor',
      'Recebido',
      'Em aberto',
      'Situação',
      'Forma de pagamento',
      'Recebida em',
    ],
    async *rows() {
      const rows = paged((after?: { id: number }) =>
        db.receivable.findMany({
          where: receivablesWhere(companyId, filters, today),
          select: receivableSelect,
          orderBy: [{ dueDate: 'asc' }, { id: 'asc' }],
          take: PAGE,
          ...(after ? { cursor: { id: after.id }, skip: 1 } : {}),
        }),
      );
      for await (const row of rows) {
        const r = toReceivableDto(row, today);
        yield [
          text(r.client.name),
          text(r.budget_title),
          text(`${r.number}/${r.installments}`),
          { date: r.due_date },
          text(r.currency),
          { cents: r.amount_cents },
          { cents: r.received_cents },
          { cents: r.open_cents },
          text(RECEIVABLE_STATUS_LABELS[r.status]),
          text(r.payment_method?.name),
          { date: r.received_on },
        ];
      }
    },
  };
}

function payablesSheet(db: Db, companyId: number, input: ExportPayablesInput): Sheet {
  const today = businessDate();
  const { format: _, ...filters } = input;
  return {
    name: 'Contas a pagar',
    filename: `contas-a-pagar-${today}.${input.format}`,
    headers: [
      'Fornecedor',
      'Cliente',
      'Orçamento',
      'Serviço',
      'Localizador',
      'Vencimento',
      'Moeda',
      'Valor',
      'Situação',
      'Paga em',
      'Forma de pagamento',
      'Observação',
    ],
    async *rows() {
      const rows = paged((after?: { id: number }) =>
        db.reservation.findMany({
          where: payablesWhere(companyId, filters, today),
          select: payableSelect,
          orderBy: [{ paymentDueDate: 'asc' }, { id: 'asc' }],
          take: PAGE,
          ...(after ? { cursor: { id: after.id }, skip: 1 } : {}),
        }),
      );
      for await (const row of rows) {
        const p = toPayableDto(row, today);
        yield [
          text(p.supplier.name),
          text(p.client.name),
          text(p.budget_title),
          text(p.service_title),
          text(p.locator),
          { date: p.due_date },
          text(p.currency),
          { cents: p.amount_cents },
          text(PAYABLE_STATUS_LABELS[p.status]),
          { date: p.paid_on },
          text(methodLabel(p.paid_method)),
          text(p.paid_note),
        ];
      }
    },
  };
}

/** Every sale of the month, seller by seller, with the commission it earned; revenue only for who sees costs. */
function commissionsSheet(db: Db, companyId: number, input: ExportCommissionsInput, seesCosts: boolean): Sheet {
  const sales = commissionSalesSql({ companyId, month: input.month, sellerId: input.seller_id });
  type Row = Parameters<typeof toCommissionSale>[0] & { seller_user_id: number; seller_name: string };
  return {
    name: 'Comissões',
    filename: `comissoes-${input.month}.${input.format}`,
    headers: [
      'Vendedor',
      'Orçamento',
      'Cliente',
      'Fechada em',
      'Moeda',
      'Venda',
      ...(seesCosts ? ['Receita'] : []),
      'Comissão (%)',
      'Comissão',
    ],
    async *rows() {
      let last: Row | undefined;
      for (;;) {
        const after = last ? Prisma.sql`WHERE (m.seller_name, m.sale_id) > (${last.seller_name}, ${last.sale_id})` : Prisma.empty;
        const page: Row[] = await db.$queryRaw<Row[]>`
          SELECT m.* FROM (${sales}) m ${after} ORDER BY m.seller_name, m.sale_id LIMIT ${PAGE}`;
        for (const row of page) {
          const c = toCommissionSale(row);
          yield [
            text(row.seller_name),
            text(c.budget_title),
            text(c.client.name),
            { date: c.sold_on },
            text(c.currency),
            { cents: c.sale_cents },
            ...(seesCosts ? [{ cents: c.revenue_cents ?? 0 }] : []),
            text((c.seller_basis_points / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })),
            { cents: c.earned_cents },
          ];
        }
        if (page.length < PAGE) return;
        last = page.at(-1);
      }
    },
  };
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** GET /api/{receivables,payables,commissions}/export/{format}: owners and administrators only. */
export function registerFinanceExportRoutes(app: FastifyInstance, deps: Deps) {
  /** Each list leaves with its customers' names: recorded as a personal-data entry before it streams. */
  async function send(reply: FastifyReply, format: ExportFormat, sheet: Sheet, who: { companyId: number; userId: number; ip: string }) {
    await recordPersonalDataAccess(deps.db, {
      companyId: who.companyId,
      userId: who.userId,
      action: 'list_export',
      recordType: 'finance_list',
      detail: `${sheet.name} (${format.toUpperCase()})`,
      ipAddress: who.ip,
    });
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', attachmentDisposition(sheet.filename, 'attachment'))
      .header('cache-control', 'private, no-store')
      .send(format === 'csv' ? csvStream(sheet) : xlsxStream(sheet));
  }

  app.get('/api/receivables/export/:format', async (req, reply) => {
    const user = await requestSession(deps, req);
    if (!MANAGERS.includes(user.role)) throw new AppError('FORBIDDEN');
    const input = exportReceivablesInput.parse({ ...(req.query as object), ...(req.params as object) });
    return send(reply, input.format, receivablesSheet(deps.db, user.companyId, input), { ...user, userId: user.id, ip: req.ip });
  });

  app.get('/api/payables/export/:format', async (req, reply) => {
    const user = await requestSession(deps, req);
    if (!MANAGERS.includes(user.role) || !canSeeCosts(user.role, user.costsVisibility)) throw new AppError('FORBIDDEN');
    const input = exportPayablesInput.parse({ ...(req.query as object), ...(req.params as object) });
    return send(reply, input.format, payablesSheet(deps.db, user.companyId, input), { ...user, userId: user.id, ip: req.ip });
  });

  app.get('/api/commissions/export/:format', async (req, reply) => {
    const user = await requestSession(deps, req);
    if (!MANAGERS.includes(user.role)) throw new AppError('FORBIDDEN');
    const input = exportCommissionsInput.parse({ ...(req.query as object), ...(req.params as object) });
    return send(reply, input.format, commissionsSheet(deps.db, user.companyId, input, canSeeCosts(user.role, user.costsVisibility)), {
      ...user,
      userId: user.id,
      ip: req.ip,
    });
  });
}
