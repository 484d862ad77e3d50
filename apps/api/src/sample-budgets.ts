// Demo budgets for `npm start` (SEED_SAMPLE_CRM): written through the same services as the API, so
// their totals, positions and quotes are what an agent's own budgets would hold.
import type { Db } from '@app/db';
import { DEMO } from '@app/db/seed';
import type { CreateServiceInput } from '@app/shared';
import type { DocumentCipher } from './document-numbers';
import { createService } from './modules/budget-services/services.service';
import { createBudget, updateBudget } from './modules/budgets/budgets.service';

/** System reference rows by list and IATA/slug key (the reference seed runs first). */
async function referenceIds(db: Db, list: string, keys: string[]): Promise<Record<string, number | null>> {
  const rows = await db.referenceItem.findMany({
    where: { list, companyId: null, seedKey: { in: keys } },
    select: { id: true, seedKey: true },
  });
  return Object.fromEntries(keys.map((k) => [k, rows.find((r) => r.seedKey === k)?.id ?? null]));
}

const AGENCY_FEATURES = {
  d4sign: false,
  cambio_sistema: false,
  pipedrive_deals: false,
  nfse: false,
  financial_table_comments: false,
  custom_subdomain: false,
  super_admin: false,
};

/** A sent budget in BRL on the demo agency's Lisbon honeymoon attendance, with the agency's contact and Pix key, once. */
export async function seedSampleBudgets(db: Db, cipher: DocumentCipher): Promise<void> {
  const attendance = await db.attendance.findFirst({
    where: { title: 'Lua de mel em Lisboa', company: { name: DEMO.companies.demo } },
    select: { id: true, companyId: true, ownerUserId: true, clientId: true, startDate: true, endDate: true },
  });
  if (!attendance || (await db.budget.count({ where: { companyId: attendance.companyId } })) > 0) return;
  const caller = {
    userId: attendance.ownerUserId,
    companyId: attendance.companyId,
    role: 'owner' as const,
    features: AGENCY_FEATURES,
    seesCosts: true,
  };
  const day = (d: Date | null, plus: number) => new Date((d ?? new Date()).getTime() + plus * 86_400_000).toISOString().slice(0, 10);
  const start = day(attendance.startDate, 0);
  const back = day(attendance.startDate, 7);
  const airports = await referenceIds(db, 'air_airport_params', ['GRU', 'LIS']);

  const budget = await createBudget(db, cipher, caller, {
    attendance_id: attendance.id,
    title: 'Lisboa: 7 noites',
    destination: 'Lisboa',
    start_date: start,
    end_date: back,
    currency: 'BRL',
    observations: 'Valores sujeitos a disponibilidade no momento da reserva.',
    paxes: [
      { client_id: attendance.clientId, age_group: 'adult' },
      { name: 'Acompanhante', age_group: 'adult' },
    ],
  });
  const proposalId = budget.proposals[0]?.id as number;
  const common = {
    proposal_id: proposalId,
    currency: 'BRL',
    child_number: 0,
    infant_number: 0,
    child_cents: 0,
    infant_cents: 0,
    taxes_basis: 'booking',
  } as const;
  const services: CreateServiceInput[] = [
    {
      ...common,
      type: 'accommodation',
      title: 'Hotel no Chiado',
      start_date: start,
      end_date: back,
      adult_number: 2,
      adult_cents: 0,
      total_cents: 0,
      taxes_cents: 0,
      fee_cents: 15_000,
      commission_basis_points: 1_000,
      details: {
        hotel_name: 'Hotel no Chiado',
        location: 'Lisboa, Portugal',
        rooms: [{ id: 'room-1', adult_number: 2, child_number: 0, infant_number: 0, value: 980_000, number_room: 1 }],
      },
    } as CreateServiceInput,
  ];
  if (airports.GRU && airports.LIS) {
    services.unshift({
      ...common,
      type: 'air',
      title: 'São Paulo ⇄ Lisboa',
      start_date: start,
      end_date: back,
      adult_number: 2,
      adult_cents: 489_000,
      total_cents: 0,
      taxes_cents: 62_000,
      fee_cents: 20_000,
      commission_basis_points: 600,
      details: {
        segments: [
          {
            origin_airport_id: airports.GRU,
            destination_airport_id: airports.LIS,
            flight_number: 'TP 82',
            departure_date: start,
            departure_time: '16:35',
          },
          {
            origin_airport_id: airports.LIS,
            destination_airport_id: airports.GRU,
            flight_number: 'TP 81',
            departure_date: back,
            departure_time: '10:15',
          },
        ],
      },
    } as CreateServiceInput);
  }
  for (const service of services) await createService(db, caller, service);
  // Sent, so its landing page (/landing-page/{id}) opens for a customer; with the agency's contact and a Pix key to show.
  await updateBudget(db, cipher, caller, { id: budget.id, status: 'sent' });
  await db.company.update({
    where: { id: attendance.companyId },
    data: {
      contactEmail: 'contato@agenciademo.com.br',
      phone: '(11) 3456-7890',
      whatsapp: '+5511987654321',
      website: 'https://agenciademo.com.br',
      instagram: '@agenciademo',
      city: 'São Paulo',
      state: 'SP',
    },
  });
  await db.paymentMethod.create({
    data: { companyId: attendance.companyId, kind: 'pix', name: 'Pix', pixKeyType: 'email', pixKey: 'financeiro@agenciademo.com.br' },
  });
}
