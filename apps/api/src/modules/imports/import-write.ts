// The writes of one batch, each a single multi-row statement over the batch as JSON (one SQL text
// whatever the batch's size, so one prepared statement): new records, updated ones, their addresses
// and the rejected rows. Every statement names the importing company.
import { Prisma } from '@app/db';
import type { ImportKind } from '@app/shared';
import type { ImportRecord } from './import-rows';

type Tx = Prisma.TransactionClient;

const json = (rows: unknown[]) => JSON.stringify(rows);

/** Client rows with the ids taken from the table's sequence first, so their addresses can follow in one statement. */
async function createClients(tx: Tx, companyId: number, records: ImportRecord[]) {
  const ids = await tx.$queryRaw<{ id: number }[]>`
    SELECT nextval(pg_get_serial_sequence('clients', 'id'))::int AS id FROM generate_series(1, ${records.length}::int)`;
  const rows = records.map((r, i) => ({ ...clientColumns(r), id: ids[i]?.id }));
  await tx.$executeRaw`
    INSERT INTO clients (id, company_id, kind, name, cpf, cnpj, email, phone, birth_date, notes, updated_at)
    SELECT r.id, ${companyId}::int, r.kind::"ClientKind", r.name, r.cpf, r.cnpj, r.email, r.phone, r.birth_date::date, r.notes, now()
    FROM jsonb_to_recordset(${json(rows)}::jsonb)
      AS r(id int, kind text, name text, cpf text, cnpj text, email text, phone text, birth_date text, notes text)`;
  await addAddresses(
    tx,
    companyId,
    records.flatMap((r, i) => (r.address ? [{ client_id: ids[i]?.id, ...r.address }] : [])),
  );
}

const clientColumns = (r: ImportRecord) => ({
  kind: r.kind,
  name: r.name,
  cpf: r.cpf,
  cnpj: r.cnpj,
  email: r.email,
  phone: r.phone,
  birth_date: r.birthDate,
  notes: r.notes,
});

/** A matched client takes the row's filled cells; a blank cell keeps what the client has. */
async function updateClients(tx: Tx, companyId: number, updates: { id: number; record: ImportRecord }[]) {
  const rows = updates.map((u) => ({ ...clientColumns(u.record), id: u.id }));
  await tx.$executeRaw`
    UPDATE clients c SET name = r.name, cpf = coalesce(r.cpf, c.cpf), cnpj = coalesce(r.cnpj, c.cnpj),
      email = coalesce(r.email, c.email), phone = coalesce(r.phone, c.phone),
      birth_date = coalesce(r.birth_date::date, c.birth_date), notes = coalesce(r.notes, c.notes), updated_at = now()
    FROM jsonb_to_recordset(${json(rows)}::jsonb)
      AS r(id int, name text, cpf text, cnpj text, email text, phone text, birth_date text, notes text)
    WHERE c.id = r.id AND c.company_id = ${companyId}::int`;
  await addAddresses(
    tx,
    companyId,
    updates.flatMap((u) => (u.record.address ? [{ client_id: u.id, ...u.record.address }] : [])),
  );
}

/** An address a client already has (same CEP and number) is not added twice: importing again adds nothing. */
async function addAddresses(
  tx: Tx,
  companyId: number,
  rows: ({ client_id: number | undefined } & Record<string, string | null | number | undefined>)[],
) {
  if (rows.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO client_addresses (client_id, postal_code, street, number, complement, neighborhood, city, state)
    SELECT r.client_id, r.postal_code, r.street, r.number, r.complement, r.neighborhood, r.city, r.state
    FROM jsonb_to_recordset(${json(rows)}::jsonb) AS r(client_id int, postal_code text, street text, number text,
      complement text, neighborhood text, city text, state text)
    JOIN clients c ON c.id = r.client_id AND c.company_id = ${companyId}::int
    WHERE NOT EXISTS (SELECT 1 FROM client_addresses a WHERE a.client_id = r.client_id AND a.postal_code = r.postal_code AND a.number = r.number)`;
}

const supplierColumns = (r: ImportRecord) => ({
  kind: r.kind,
  name: r.name,
  trade_name: r.tradeName,
  cpf: r.cpf,
  cnpj: r.cnpj,
  email: r.email,
  phone: r.phone,
  website: r.website,
  service_types: r.serviceTypes,
  notes: r.notes,
  ...r.address,
});

const SUPPLIER_RECORD = Prisma.raw(
  'id int, kind text, name text, trade_name text, cpf text, cnpj text, email text, phone text, website text, service_types jsonb, notes text, postal_code text, street text, number text, complement text, neighborhood text, city text, state text',
);

async function createSuppliers(tx: Tx, companyId: number, records: ImportRecord[]) {
  // A supplier supplies something: a blank cell makes it 'other' (Outros), as the field's hint says.
  const rows = records.map((r) => supplierColumns({ ...r, serviceTypes: r.serviceTypes ?? ['other'] }));
  await tx.$executeRaw`
    INSERT INTO suppliers (company_id, kind, name, trade_name, cpf, cnpj, email, phone, website, service_types, notes,
       postal_code, street, number, complement, neighborhood, city, state, updated_at)
     SELECT ${companyId}::int, r.kind::"ClientKind", r.name, r.trade_name, r.cpf, r.cnpj, r.email, r.phone, r.website,
       ARRAY(SELECT jsonb_array_elements_text(r.service_types))::"ServiceType"[], r.notes,
       r.postal_code, r.street, r.number, r.complement, r.neighborhood, r.city, r.state, now()
     FROM jsonb_to_recordset(${json(rows)}::jsonb) AS r(${SUPPLIER_RECORD})`;
}

async function updateSuppliers(tx: Tx, companyId: number, updates: { id: number; record: ImportRecord }[]) {
  const rows = updates.map((u) => ({ ...supplierColumns(u.record), id: u.id }));
  await tx.$executeRaw`
    UPDATE suppliers s SET name = r.name, trade_name = coalesce(r.trade_name, s.trade_name), cpf = coalesce(r.cpf, s.cpf),
       cnpj = coalesce(r.cnpj, s.cnpj), email = coalesce(r.email, s.email), phone = coalesce(r.phone, s.phone),
       website = coalesce(r.website, s.website),
       service_types = CASE WHEN r.service_types IS NULL THEN s.service_types
         ELSE ARRAY(SELECT jsonb_array_elements_text(r.service_types))::"ServiceType"[] END,
       notes = coalesce(r.notes, s.notes), postal_code = coalesce(r.postal_code, s.postal_code),
       street = coalesce(r.street, s.street), number = coalesce(r.number, s.number),
       complement = coalesce(r.complement, s.complement), neighborhood = coalesce(r.neighborhood, s.neighborhood),
       city = coalesce(r.city, s.city), state = coalesce(r.state, s.state), updated_at = now()
     FROM jsonb_to_recordset(${json(rows)}::jsonb) AS r(${SUPPLIER_RECORD})
     WHERE s.id = r.id AND s.company_id = ${companyId}::int`;
}

/** Creates and updates the batch's valid rows in the kind's table. */
export async function writeRecords(
  tx: Tx,
  companyId: number,
  kind: ImportKind,
  creates: ImportRecord[],
  updates: { id: number; record: ImportRecord }[],
) {
  const suppliers = kind === 'suppliers';
  if (creates.length) await (suppliers ? createSuppliers : createClients)(tx, companyId, creates);
  if (updates.length) await (suppliers ? updateSuppliers : updateClients)(tx, companyId, updates);
}

/** A row rejected again (a batch replayed after a crash) is already there: kept as it was. */
export async function addRejections(
  tx: Tx,
  imp: { id: number; companyId: number },
  rows: { row_number: number; data: string[]; reasons: string[] }[],
) {
  if (rows.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO import_rejections (import_id, company_id, row_number, data, reasons)
    SELECT ${imp.id}::int, ${imp.companyId}::int, r.row_number,
      ARRAY(SELECT jsonb_array_elements_text(r.data)), ARRAY(SELECT jsonb_array_elements_text(r.reasons))
    FROM jsonb_to_recordset(${json(rows)}::jsonb) AS r(row_number int, data jsonb, reasons jsonb)
    ON CONFLICT (import_id, row_number) DO NOTHING`;
}
