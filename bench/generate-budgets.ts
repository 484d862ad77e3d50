// Bulk budgets for the load benchmark: one large agency with 100,000 budgets of 3 proposals × 6
// services (1.8 million services with their per-type details and suppliers), their passengers, refunds,
// recommendations and financial-table comments, the sold ones' sales with installments, payments and
// supplier payables (the dashboard's figures), on top of its attendances, clients and users; and
// 20 small agencies with 1,000 budgets each. Everything is generated inside PostgreSQL with
// INSERT ... SELECT generate_series. Wipes and re-migrates DATABASE_URL first.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_budgets npx tsx bench/generate-budgets.ts
import type { PrismaClient } from '@app/db';
import { seedReferenceData } from '@app/db/reference-seed';
import { BUDGETS_BENCH as B } from './budgets-data';
import { activateAllCompanies, fillCompany, freshBenchDatabase, settleBulkWrites } from './fill';

const { db, passwordHash, step } = await freshBenchDatabase('bench_budgets');

// The services' details point at real reference rows (airports, airlines, diets...), as the API writes them.
await seedReferenceData(db);
step('reference lists seeded');

/** Ids of a few rows of each list the details use (system rows). */
async function referenceIds(list: string, limit = 50): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM reference_items WHERE list = ${list} AND company_id IS NULL AND is_active ORDER BY id LIMIT ${limit}`;
  return rows.map((r) => r.id);
}
const refs = {
  airports: await referenceIds('air_airport_params', 200),
  airlines: await referenceIds('air_cias_params'),
  classes: await referenceIds('air_class_params'),
  luggage: await referenceIds('air_type_luggage_params'),
  cities: await referenceIds('city_params', 500),
  hotelDiets: await referenceIds('hotel_diet_params'),
  roomTypes: await referenceIds('hotel_type_room_params'),
  roomCategories: await referenceIds('hotel_category_room_params'),
  cruiseLines: await referenceIds('cruise_cia_params'),
  cruisePorts: await referenceIds('cruise_port_params'),
  cabinTypes: await referenceIds('cruise_cabin_type_params'),
  rentals: await referenceIds('vehicle_rental_params'),
  vehicleCategories: await referenceIds('vehicle_category_params'),
};
if (refs.airports.length < 2) throw new Error('the reference seed wrote no airports');

type Refs = typeof refs;

/**
 * A company's budgets, spread over its attendances: passengers from the attendance's head counts,
 * 3 proposals, 6 services each (air with two segments, hotel with one room, transfer, tour or
 * cruise, insurance, car), priced as packages/shared/src/budget-totals.ts prices them (commission
 * on the fare, half-away-from-zero rounding, conversion through reais), then each proposal's and
 * budget's stored totals.
 */
async function fillBudgets(db: PrismaClient, companyId: number, count: number, refs: Refs) {
  await db.$executeRaw`
    WITH a AS (SELECT array_agg(id ORDER BY id) AS ids FROM attendances WHERE company_id = ${companyId}::int),
         g AS (
           SELECT i, CASE WHEN r < 0.50 THEN 'draft' WHEN r < 0.75 THEN 'sent' WHEN r < 0.85 THEN 'accepted'
                          WHEN r < 0.95 THEN 'sold' ELSE 'canceled' END AS st
           FROM (SELECT i, random() AS r FROM generate_series(1, ${count}::int) AS i) s
         )
    INSERT INTO budgets (company_id, attendance_id, client_id, owner_user_id, title, destination, start_date, end_date, currency,
                         currency_rate, observations, show_values, status, sent_at, accepted_at, sold_at, canceled_at, created_at, updated_at)
    SELECT ${companyId}::int, at.id, at.client_id, at.owner_user_id,
           'Orçamento ' || coalesce(at.destination, 'viagem') || ' #' || g.i, at.destination, at.start_date, at.end_date,
           CASE WHEN g.i % 10 = 0 THEN 'USD' ELSE 'BRL' END, CASE WHEN g.i % 10 = 0 THEN 5.3412 ELSE 1 END,
           CASE WHEN g.i % 4 = 0 THEN 'Valores sujeitos a disponibilidade no momento da reserva.' END, g.i % 7 <> 0,
           g.st::"BudgetStatus",
           CASE WHEN g.st <> 'draft' THEN c.created + interval '1 day' END,
           CASE WHEN g.st IN ('accepted', 'sold') THEN c.created + interval '3 days' END,
           CASE WHEN g.st = 'sold' THEN c.created + interval '5 days' END,
           CASE WHEN g.st = 'canceled' THEN c.created + interval '7 days' END,
           c.created, c.created
    FROM g CROSS JOIN a
    JOIN attendances at ON at.id = a.ids[1 + (g.i - 1) % cardinality(a.ids)]
    CROSS JOIN LATERAL (SELECT least(now(), at.created_at + (g.i % 48) * interval '1 hour') AS created) c`;

  await db.$executeRaw`
    INSERT INTO budget_paxes (budget_id, client_id, name, age_group, position)
    SELECT b.id, CASE WHEN k = 1 THEN b.client_id END, CASE WHEN k = 1 THEN cl.name ELSE 'Acompanhante ' || k END,
           (CASE WHEN k <= at.adults THEN 'adult' WHEN k <= at.adults + at.children THEN 'child' ELSE 'infant' END)::"AgeGroup", k - 1
    FROM budgets b JOIN attendances at ON at.id = b.attendance_id JOIN clients cl ON cl.id = b.client_id
    CROSS JOIN LATERAL generate_series(1, at.adults + at.children + at.infants) AS k
    WHERE b.company_id = ${companyId}::int`;

  // Eight suppliers of each kind; most services name one (the tree reads their names).
  await db.$executeRaw`
    INSERT INTO suppliers (company_id, kind, name, cnpj, service_types, commission_basis_points, updated_at)
    SELECT ${companyId}::int, 'organization', initcap(replace(t, '_', ' ')) || ' Fornecedor ' || n,
           lpad((${companyId}::int * 1000 + k * 10 + n)::text, 14, '0'), ARRAY[t::"ServiceType"], 500 + 100 * n, now()
    FROM unnest(ARRAY['air', 'accommodation', 'cruise', 'car_rental', 'transfer', 'insurance', 'tour']) WITH ORDINALITY AS types(t, k)
    CROSS JOIN generate_series(1, 8) AS n`;

  await db.$executeRaw`
    INSERT INTO proposals (company_id, budget_id, title, notes, position, created_at, updated_at)
    SELECT b.company_id, b.id, (ARRAY['Opção econômica', 'Opção conforto', 'Opção premium'])[p],
           CASE WHEN p = 2 THEN 'Inclui café da manhã e transfers.' END, p - 1, b.created_at, b.created_at
    FROM budgets b CROSS JOIN generate_series(1, ${B.proposalsPerBudget}::int) AS p
    WHERE b.company_id = ${companyId}::int
    ORDER BY b.id, p`;

  // h: a per-service pseudo-random number; d0/d1: the trip's first and last day.
  await db.$executeRaw`
    WITH r AS (
      SELECT ${refs.airports}::int[] AS airports, ${refs.airlines}::int[] AS airlines, ${refs.classes}::int[] AS classes,
             ${refs.luggage}::int[] AS luggage, ${refs.cities}::int[] AS cities, ${refs.hotelDiets}::int[] AS diets,
             ${refs.roomTypes}::int[] AS room_types, ${refs.roomCategories}::int[] AS room_categories,
             ${refs.cruiseLines}::int[] AS cruise_lines, ${refs.cruisePorts}::int[] AS ports, ${refs.cabinTypes}::int[] AS cabins,
             ${refs.rentals}::int[] AS rentals, ${refs.vehicleCategories}::int[] AS vehicles
    ),
    sup AS (
      SELECT service_types[1]::text AS sup_type, array_agg(id ORDER BY id) AS supplier_ids
      FROM suppliers WHERE company_id = ${companyId}::int GROUP BY 1
    ),
    base AS (
      SELECT p.company_id, p.budget_id, p.id AS proposal_id, s, b.currency AS budget_currency, b.currency_rate AS budget_rate,
             at.adults, at.children, at.infants,
             ((p.id::bigint * 6 + s) * 2654435761) % 1000003 AS h,
             coalesce(b.start_date, (b.created_at + interval '30 days')::date) AS d0,
             coalesce(b.end_date, (b.created_at + interval '37 days')::date) AS d1,
             CASE WHEN p.position = 2 AND s = 4 THEN 'cruise'
                  ELSE (ARRAY['air', 'accommodation', 'transfer', 'tour', 'insurance', 'car_rental'])[s] END AS type,
             coalesce(b.destination, 'Destino') AS dest, r.*
      FROM proposals p JOIN budgets b ON b.id = p.budget_id JOIN attendances at ON at.id = b.attendance_id
      CROSS JOIN generate_series(1, ${B.servicesPerProposal}::int) AS s CROSS JOIN r
      WHERE p.company_id = ${companyId}::int
    ),
    priced AS (
      SELECT base.*,
             CASE WHEN type IN ('tour', 'insurance') AND h % 3 = 0 THEN 'USD' ELSE 'BRL' END AS currency,
             CASE WHEN type IN ('air', 'tour', 'insurance', 'cruise') THEN 'per_pax'
                  WHEN type = 'accommodation' THEN 'per_room' ELSE 'total' END AS mode,
             (CASE type WHEN 'air' THEN 90000 WHEN 'cruise' THEN 250000 WHEN 'insurance' THEN 8000 ELSE 15000 END + h % 200000)::int AS adult_cents,
             (80000 + h % 400000)::int AS room_cents,
             (20000 + h % 150000)::int AS whole_cents,
             CASE WHEN type = 'air' THEN (12000 + h % 30000)::int ELSE 0 END AS taxes_cents,
             CASE WHEN type IN ('air', 'accommodation') THEN 5000 ELSE 0 END AS fee_cents,
             (ARRAY[0, 500, 1000, 1200])[1 + h % 4] AS commission_basis_points,
             (ARRAY[0, 1, 1, 2, 3])[1 + h % 5] AS day_offset,
             CASE WHEN h % 10 < 8 THEN supplier_ids[1 + h % cardinality(supplier_ids)] END AS supplier_id
      FROM base LEFT JOIN sup ON sup.sup_type = base.type
    ),
    fared AS (
      SELECT priced.*,
             CASE WHEN currency = 'USD' THEN 5.3412 ELSE 1 END AS service_rate,
             CASE mode WHEN 'per_pax' THEN adult_cents * adults + (adult_cents * 3 / 4) * children + (adult_cents / 10) * infants
                       WHEN 'per_room' THEN room_cents ELSE whole_cents END AS fare
      FROM priced
    ),
    totals AS (
      SELECT fared.*,
             fare + taxes_cents + fee_cents AS sale_own,
             fare + taxes_cents - round(fare::numeric * commission_basis_points / 10000)::int AS cost_own
      FROM fared
    )
    INSERT INTO services (company_id, budget_id, proposal_id, type, title, description, supplier_id, start_date, start_time, end_date, end_time,
                          adult_number, child_number, infant_number, currency, adult_cents, child_cents, infant_cents, total_cents,
                          taxes_cents, fee_cents, commission_basis_points, quote_rate, details, position, sale_cents, cost_cents,
                          created_at, updated_at)
    SELECT company_id, budget_id, proposal_id, type::"ServiceType",
           CASE type WHEN 'air' THEN 'Voo ida e volta para ' || dest WHEN 'accommodation' THEN 'Hotel em ' || dest
                     WHEN 'transfer' THEN 'Transfer aeroporto–hotel' WHEN 'tour' THEN 'Passeio pela cidade'
                     WHEN 'cruise' THEN 'Cruzeiro pela costa' WHEN 'insurance' THEN 'Seguro viagem' ELSE 'Locação de carro' END,
           CASE WHEN h % 3 = 0 THEN 'Sujeito a disponibilidade.' END, supplier_id,
           CASE type WHEN 'tour' THEN d0 + day_offset WHEN 'car_rental' THEN d0 + 1 WHEN 'cruise' THEN d0 + 1 ELSE d0 END,
           CASE type WHEN 'air' THEN '08:30' WHEN 'accommodation' THEN '14:00' WHEN 'transfer' THEN '16:00' WHEN 'tour' THEN '09:00' END,
           CASE type WHEN 'transfer' THEN NULL WHEN 'tour' THEN NULL WHEN 'car_rental' THEN greatest(d0 + 1, d1 - 1) ELSE d1 END,
           CASE type WHEN 'air' THEN '18:45' WHEN 'accommodation' THEN '12:00' END,
           adults, children, infants, currency,
           CASE WHEN mode = 'per_pax' THEN adult_cents ELSE 0 END,
           CASE WHEN mode = 'per_pax' THEN adult_cents * 3 / 4 ELSE 0 END,
           CASE WHEN mode = 'per_pax' THEN adult_cents / 10 ELSE 0 END,
           CASE WHEN mode = 'total' THEN whole_cents ELSE 0 END,
           taxes_cents, fee_cents, commission_basis_points, service_rate,
           CASE type
             WHEN 'air' THEN jsonb_build_object('segments', jsonb_build_array(
               jsonb_build_object('origin_airport_id', airports[1 + h % cardinality(airports)],
                                  'destination_airport_id', airports[1 + (h + 7) % cardinality(airports)],
                                  'airline_id', airlines[1 + h % greatest(cardinality(airlines), 1)], 'flight_number', 'LA' || (3000 + h % 900),
                                  'departure_date', d0, 'departure_time', '08:30', 'arrival_date', d0, 'arrival_time', '12:10',
                                  'class_id', classes[1 + h % greatest(cardinality(classes), 1)],
                                  'luggage_id', luggage[1 + h % greatest(cardinality(luggage), 1)]),
               jsonb_build_object('origin_airport_id', airports[1 + (h + 7) % cardinality(airports)],
                                  'destination_airport_id', airports[1 + h % cardinality(airports)],
                                  'airline_id', airlines[1 + h % greatest(cardinality(airlines), 1)], 'flight_number', 'LA' || (4000 + h % 900),
                                  'departure_date', d1, 'departure_time', '15:05', 'arrival_date', d1, 'arrival_time', '18:45',
                                  'class_id', classes[1 + h % greatest(cardinality(classes), 1)],
                                  'luggage_id', luggage[1 + h % greatest(cardinality(luggage), 1)])))
             WHEN 'accommodation' THEN jsonb_build_object(
               'hotel_name', 'Hotel ' || dest || ' ' || (1 + h % 40), 'city_id', cities[1 + h % greatest(cardinality(cities), 1)],
               'diet_id', diets[1 + h % greatest(cardinality(diets), 1)], 'check_in_time', '14:00', 'check_out_time', '12:00',
               'rooms', jsonb_build_array(jsonb_build_object(
                 'id', 'room-1', 'adult_number', adults, 'child_number', children, 'infant_number', infants, 'value', room_cents,
                 'number_room', 1, 'room_type_id', room_types[1 + h % greatest(cardinality(room_types), 1)],
                 'room_category_id', room_categories[1 + h % greatest(cardinality(room_categories), 1)])))
             WHEN 'transfer' THEN jsonb_build_object('from_place', 'Aeroporto de ' || dest, 'to_place', 'Hotel', 'vehicle', 'Van', 'private', h % 2 = 0)
             WHEN 'tour' THEN jsonb_build_object('place', dest, 'meeting_point', 'Recepção do hotel', 'includes', 'Guia em português e ingresso')
             WHEN 'cruise' THEN jsonb_build_object(
               'cruise_company_id', cruise_lines[1 + h % greatest(cardinality(cruise_lines), 1)],
               'embark_port_id', ports[1 + h % greatest(cardinality(ports), 1)],
               'disembark_port_id', ports[1 + (h + 3) % greatest(cardinality(ports), 1)],
               'cabin_type_id', cabins[1 + h % greatest(cardinality(cabins), 1)], 'itinerary', '4 noites pela costa')
             WHEN 'insurance' THEN jsonb_build_object('plan_name', 'Seguro Viagem Total', 'coverage', 'Despesas médicas de US$ 60 mil')
             ELSE jsonb_build_object('rental_company_id', rentals[1 + h % greatest(cardinality(rentals), 1)],
                                     'vehicle_category_id', vehicles[1 + h % greatest(cardinality(vehicles), 1)],
                                     'pickup_place', 'Aeroporto de ' || dest, 'dropoff_place', 'Aeroporto de ' || dest)
           END,
           s - 1,
           round(sale_own * service_rate / budget_rate)::int, round(cost_own * service_rate / budget_rate)::int,
           now(), now()
    FROM totals
    ORDER BY proposal_id, s`;

  // One service in 250 (BRL in a BRL budget, so no conversion) cancelled with a refund: the customer
  // pays the sale less the refund, the supplier keeps the penalty.
  await db.$executeRaw`
    INSERT INTO refunds (service_id, refund_cents, penalty_cents, reason, user_id)
    SELECT s.id, s.sale_cents / 2, s.cost_cents / 10, 'Cliente desistiu do serviço', b.owner_user_id
    FROM services s JOIN budgets b ON b.id = s.budget_id
    WHERE s.company_id = ${companyId}::int AND s.id % 250 = 0 AND s.currency = 'BRL' AND b.currency = 'BRL'`;
  await db.$executeRaw`
    UPDATE services s SET status = 'canceled', sale_cents = s.sale_cents - r.refund_cents, cost_cents = r.penalty_cents
    FROM refunds r WHERE r.service_id = s.id AND s.company_id = ${companyId}::int`;

  await db.$executeRaw`
    UPDATE proposals p SET sale_cents = t.sale, cost_cents = t.cost
    FROM (SELECT proposal_id, sum(sale_cents) AS sale, sum(cost_cents) AS cost FROM services WHERE company_id = ${companyId}::int
          GROUP BY proposal_id) t
    WHERE t.proposal_id = p.id`;
  // The budget's total is its cheapest proposal's; an accepted or sold budget points at its first.
  await db.$executeRaw`
    UPDATE budgets b SET total_cents = t.cheapest,
                         accepted_proposal_id = CASE WHEN b.status IN ('accepted', 'sold') THEN t.first END
    FROM (SELECT budget_id, min(sale_cents) AS cheapest, min(id) AS first FROM proposals WHERE company_id = ${companyId}::int
          GROUP BY budget_id) t
    WHERE t.budget_id = b.id`;

  await db.$executeRaw`
    INSERT INTO recommendations (company_id, budget_id, category, title, description, url, position, updated_at)
    SELECT b.company_id, b.id, (ARRAY['restaurant', 'tour', 'document', 'tip'])[1 + b.id % 4]::"RecommendationCategory",
           'Dica para ' || coalesce(b.destination, 'a viagem'), 'Reserve com antecedência.', NULL, 0, b.created_at
    FROM budgets b WHERE b.company_id = ${companyId}::int AND b.id % 2 = 0`;
  await db.$executeRaw`
    INSERT INTO financial_table_comments (company_id, budget_id, proposal_id, line, body, user_id, created_at)
    SELECT p.company_id, p.budget_id, p.id, 'sale', 'Margem conferida com o fornecedor.', b.owner_user_id, b.created_at
    FROM proposals p JOIN budgets b ON b.id = p.budget_id
    WHERE p.company_id = ${companyId}::int AND p.budget_id % 10 = 0 AND p.position = 0`;
}

/**
 * The money after the sale, for the dashboard's benchmark: each sold budget becomes a sale by its
 * owner (cost 82 %, commission 5 %) on its sold day, paid in three monthly installments (those due
 * before today received with one payment each, but every tenth left overdue) and owing one
 * supplier the cost 20 days after the sale (paid when that day has passed).
 */
async function fillSales(db: PrismaClient, companyId: number) {
  await db.$executeRaw`
    INSERT INTO sales (company_id, budget_id, proposal_id, seller_user_id, recorded_by_user_id, currency, currency_rate, sale_cents, cost_cents,
                       commission_basis_points, commission_cents, snapshot, sold_at, created_at)
    SELECT b.company_id, b.id, (SELECT p.id FROM proposals p WHERE p.budget_id = b.id ORDER BY p.position, p.id LIMIT 1),
           b.owner_user_id, b.owner_user_id, b.currency, b.currency_rate, b.total_cents, round(b.total_cents * 0.82)::int,
           500, round(b.total_cents * 0.05)::int, '{}', b.sold_at, b.sold_at
    FROM budgets b WHERE b.company_id = ${companyId}::int AND b.status = 'sold'`;
  await db.$executeRaw`
    INSERT INTO receivables (company_id, sale_id, client_id, number, due_date, currency, amount_cents, received_cents, status, received_on, updated_at)
    SELECT s.company_id, s.id, b.client_id, n, d.due, s.currency, d.amount,
           CASE WHEN d.paid THEN d.amount ELSE 0 END, (CASE WHEN d.paid THEN 'received' ELSE 'open' END)::"ReceivableStatus",
           CASE WHEN d.paid THEN d.due END, now()
    FROM sales s JOIN budgets b ON b.id = s.budget_id CROSS JOIN generate_series(1, 3) AS n
    CROSS JOIN LATERAL (
      SELECT (s.sold_at::date + (n - 1) * interval '1 month')::date AS due,
             s.sale_cents / 3 + CASE WHEN n = 1 THEN s.sale_cents % 3 ELSE 0 END AS amount,
             (s.sold_at::date + (n - 1) * interval '1 month')::date < current_date AND (s.id + n) % 10 <> 0 AS paid
    ) d
    WHERE s.company_id = ${companyId}::int`;
  await db.$executeRaw`
    INSERT INTO receivable_payments (company_id, receivable_id, received_on, currency, amount_cents, method)
    SELECT company_id, id, received_on, currency, amount_cents, 'pix' FROM receivables WHERE company_id = ${companyId}::int AND status = 'received'`;
  await db.$executeRaw`
    WITH sup AS (SELECT array_agg(id ORDER BY id) AS ids FROM suppliers WHERE company_id = ${companyId}::int)
    INSERT INTO reservations (company_id, budget_id, sale_id, supplier_id, status, currency, amount_cents, payment_due_date, paid_on, paid_method, updated_at)
    SELECT s.company_id, s.budget_id, s.id, sup.ids[1 + s.id % cardinality(sup.ids)], 'confirmed', s.currency, s.cost_cents, d.due,
           CASE WHEN d.due < current_date THEN d.due END, CASE WHEN d.due < current_date THEN 'pix'::"PaymentMethodKind" END, now()
    FROM sales s CROSS JOIN sup CROSS JOIN LATERAL (SELECT (s.sold_at::date + 20) AS due) d
    WHERE s.company_id = ${companyId}::int`;
}

const big = await db.company.create({ data: { name: B.bigAgency, subdomain: 'orcamentos' } });
await fillCompany(db, big.id, { users: B.users, clients: B.clients, attendances: B.attendances }, B.owner, passwordHash);
step(`${B.bigAgency}: ${B.attendances} attendances, ${B.clients} clients, ${B.users} users`);
await fillBudgets(db, big.id, B.budgets, refs);
step(`${B.budgets} budgets × ${B.proposalsPerBudget} proposals × ${B.servicesPerProposal} services`);
await fillSales(db, big.id);
step('sales of the sold budgets, their installments, payments and supplier payables');

for (let n = 1; n <= B.smallAgencies; n++) {
  const company = await db.company.create({ data: { name: `Agência Pequena ${n}`, subdomain: `pequena${n}` } });
  await fillCompany(db, company.id, { users: 3, clients: 250, attendances: B.smallBudgets / 2 }, `dono@pequena${n}.bench`, passwordHash);
  await fillBudgets(db, company.id, B.smallBudgets, refs);
  await fillSales(db, company.id);
}
step(`${B.smallAgencies} small agencies: ${B.smallBudgets} budgets each`);

await activateAllCompanies(db);
await settleBulkWrites(db);
step('active subscriptions');

// Fresh statistics and visibility map: what a production database has after autovacuum.
await db.$executeRawUnsafe('VACUUM (ANALYZE)');
step('vacuum analyze');
const [counts] = await db.$queryRaw<Record<string, number>[]>`
  SELECT (SELECT count(*)::int FROM budgets) AS budgets, (SELECT count(*)::int FROM proposals) AS proposals,
         (SELECT count(*)::int FROM services) AS services, (SELECT count(*)::int FROM budget_paxes) AS paxes,
         (SELECT count(*)::int FROM refunds) AS refunds, (SELECT count(*)::int FROM sales) AS sales,
         (SELECT count(*)::int FROM receivable_payments) AS payments, (SELECT pg_size_pretty(pg_database_size(current_database()))) AS size`;
step(`done: ${JSON.stringify(counts)}`);
await db.$disconnect();
