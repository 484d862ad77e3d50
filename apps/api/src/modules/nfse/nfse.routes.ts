// Files of the NFS-e, plain routes with the bearer token and the plan's nfse feature: the DANFSe PDF
// of an authorized note, and the month's notes for the accountant (a CSV, or a zip of their XML and
// the XML of their cancellations), read a page at a time and streamed.
import { PassThrough, Readable } from 'node:stream';
import type { Db, Prisma } from '@app/db';
import {
  csvLine,
  type ExportNfseInput,
  exportNfseInput,
  idParam,
  NFSE_CANCEL_REASON_LABELS,
  NFSE_STATUS_LABELS,
  NFSE_SUBSTITUTION_REASON_LABELS,
  type NfseListItem,
  UTF8_BOM,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { Zip, ZipDeflate } from 'fflate';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { attachmentDisposition, sendAttachment } from '../../multipart';
import { enforcePlan, requestSession } from '../access/authorize';
import { recordPersonalDataAccess } from '../personal-data/personal-data.service';
import { danfseFile, nfseListWhere, noteListDto, noteListSelect } from './nfse.service';

const PAGE = 200;
const MANAGERS = ['owner', 'administrador', 'super_admin'];

const exportSelect = { ...noteListSelect, xml: true, cancelXml: true } satisfies Prisma.NfseNoteSelect;

/** The month's notes, oldest first, a page at a time, with what the XML zip needs. */
async function* monthNotes(db: Db, companyId: number, month: string) {
  let after: { issuedAt: Date; id: number } | null = null;
  for (;;) {
    const page: Prisma.NfseNoteGetPayload<{ select: typeof exportSelect }>[] = await db.nfseNote.findMany({
      where: {
        ...nfseListWhere(companyId, { month }),
        ...(after ? { OR: [{ issuedAt: { gt: after.issuedAt } }, { issuedAt: after.issuedAt, id: { gt: after.id } }] } : {}),
      },
      orderBy: [{ issuedAt: 'asc' }, { id: 'asc' }],
      take: PAGE,
      select: exportSelect,
    });
    for (const row of page) yield { note: noteListDto(row), xml: row.xml, cancelXml: row.cancelXml };
    if (page.length < PAGE) return;
    const last = page.at(-1);
    after = last ? { issuedAt: last.issuedAt, id: last.id } : null;
  }
}

const brDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }) : '');
const brMoney = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

const CSV_HEADERS = [
  'Número',
  'Chave de acesso',
  'Situação',
  'Data',
  'Cliente',
  'Orçamento',
  'Valor (R$)',
  'ISS (R$)',
  'Descrição',
  'Série DPS',
  'Número DPS',
  'Motivo do cancelamento',
  'Justificativa',
  'Substitui a NFS-e nº',
  'Motivo da substituição',
];

function csvRow(note: NfseListItem): (string | number)[] {
  return [
    note.number ?? '',
    note.access_key ?? '',
    NFSE_STATUS_LABELS[note.status],
    brDate(note.issued_at),
    note.client.name,
    note.budget_title,
    brMoney(note.amount_cents),
    brMoney(note.iss_cents),
    note.description,
    note.dps_series,
    note.dps_number,
    note.cancel_reason ? NFSE_CANCEL_REASON_LABELS[note.cancel_reason] : '',
    note.cancel_justification ?? '',
    note.substitutes?.number ?? '',
    note.substitutes ? `${NFSE_SUBSTITUTION_REASON_LABELS[note.substitutes.reason]}: ${note.substitutes.justification}` : '',
  ];
}

function csvFile(db: Db, companyId: number, month: string): Readable {
  async function* lines() {
    yield UTF8_BOM + csvLine(CSV_HEADERS);
    for await (const { note } of monthNotes(db, companyId, month)) yield csvLine(csvRow(note));
  }
  return Readable.from(lines());
}

/** The XML the authority returned for each note of the month, and of its cancellation. */
function xmlZip(db: Db, companyId: number, month: string): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const encoder = new TextEncoder();
  const add = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(encoder.encode(text), true);
  };
  (async () => {
    for await (const { note, xml, cancelXml } of monthNotes(db, companyId, month)) {
      const name = `nfse-${note.number ?? note.dps_number}-${note.access_key ?? note.id}`;
      if (xml) add(`${name}.xml`, xml);
      if (cancelXml) add(`${name}-cancelamento.xml`, cancelXml);
    }
    zip.end();
  })().catch((error: Error) => out.destroy(error));
  return out;
}

export function registerNfseRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/nfse/:id/danfse', async (req, reply) => {
    const user = await requestSession(deps, req);
    enforcePlan(user.entitlements, { feature: 'nfse' });
    const { id } = idParam.parse(req.params);
    return sendAttachment(reply, await danfseFile(deps, user.companyId, id), 'inline');
  });

  app.get('/api/nfse/export/:format', async (req, reply) => {
    const user = await requestSession(deps, req);
    enforcePlan(user.entitlements, { feature: 'nfse' });
    if (!MANAGERS.includes(user.role)) throw new AppError('FORBIDDEN');
    const input: ExportNfseInput = exportNfseInput.parse({ ...(req.query as object), ...(req.params as object) });
    // The notes leave with the customers' names: a personal-data entry before the file streams.
    await recordPersonalDataAccess(deps.db, {
      companyId: user.companyId,
      userId: user.id,
      action: 'list_export',
      recordType: 'nfse_list',
      detail: `Notas fiscais ${input.month} (${input.format.toUpperCase()})`,
      ipAddress: req.ip,
    });
    const csv = input.format === 'csv';
    return reply
      .header('content-type', csv ? 'text/csv; charset=utf-8' : 'application/zip')
      .header('content-disposition', attachmentDisposition(`notas-fiscais-${input.month}.${csv ? 'csv' : 'zip'}`, 'attachment'))
      .header('cache-control', 'private, no-store')
      .send(csv ? csvFile(deps.db, user.companyId, input.month) : xmlZip(deps.db, user.companyId, input.month));
  });
}
