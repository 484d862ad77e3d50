-- Painel da agência: the period figures summed per day, per week and per month, kept by triggers in
-- the same transaction as the writes, so a request reads the whole months inside its period, the
-- whole weeks inside what is left at its edges and at most 12 days (for 731 days about 24 month, 8
-- week and 12 day rows per figure and key) instead of the period's rows. The key leads with
-- (grain, day): each span of a period is one index range.
-- user_id 0 is the whole agency, any other the agent (owner of attendances and budgets, seller of
-- sales and of what hangs on them). currency is '' for attendances and budgets. grain 'month' rows
-- sit on the first day of their month, grain 'week' rows on the Monday of their week.
-- Figures (n, a, b, c):
--   opened / won / lost: attendances created / closed that day, by owner
--   sent: budgets sent that day (n), of them opened by the client (a) and accepted or sold (b)
--   sale: sales not undone sold that day (n), sale (a), cost (b) and commission (c) cents
--   destination: the same by btrim(destination) (key), n and sale cents (a)
--   lead: the same by whole days from first contact to sale (key), n
--   supplier: reservations of those sales by supplier (key), n and cents (a)
--   received / paid: payments received and reservations paid that day, cents (a), by day and week only
-- Per-row triggers: a sale's figures depend on its budget and reservations, so each side re-reads
-- the other's current row (a sale undone drops its reservations' supplier figures, a reservation
-- canceled drops its own), and an update that moves no figure writes nothing.
-- Function bodies are U& strings whose semicolons are written \003B: the migration runner splits
-- scripts at every semicolon, even inside a function body.
CREATE TABLE "agency_dashboard_stats" (
    "company_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "metric" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "grain" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "key" TEXT NOT NULL,
    "n" INTEGER NOT NULL,
    "a" BIGINT NOT NULL,
    "b" BIGINT NOT NULL,
    "c" BIGINT NOT NULL,

    CONSTRAINT "agency_dashboard_stats_pkey" PRIMARY KEY ("company_id","user_id","grain","day","metric","currency","key")
);

CREATE FUNCTION dashboard_day(at timestamp) RETURNS date LANGUAGE sql IMMUTABLE AS
$$ SELECT ((at AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date $$;

-- One figure of one day: its day row and its week and month rows, for the agent and for the agency, locked in key order.
CREATE FUNCTION dashboard_add(p_company int, p_user int, p_metric text, p_currency text, p_day date, p_grains text[],
  p_key text, p_n int, p_a bigint, p_b bigint, p_c bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO agency_dashboard_stats AS s (company_id, user_id, metric, currency, grain, day, key, n, a, b, c)
  SELECT p_company, u, p_metric, p_currency, g, CASE g WHEN 'day' THEN p_day ELSE date_trunc(g, p_day)::date END,
    p_key, p_n, p_a, p_b, p_c
  FROM unnest(ARRAY[0, p_user]) AS u, unnest(p_grains) AS g
  WHERE u IS NOT NULL
  ORDER BY u, g
  ON CONFLICT (company_id, user_id, grain, day, metric, currency, key) DO UPDATE
    SET n = s.n + EXCLUDED.n, a = s.a + EXCLUDED.a, b = s.b + EXCLUDED.b, c = s.c + EXCLUDED.c
$$;

CREATE FUNCTION dashboard_attendance_emit(r attendances, sign int) RETURNS void LANGUAGE plpgsql AS U&'
BEGIN
  PERFORM dashboard_add(r.company_id, r.owner_user_id, ''opened'', '''', dashboard_day(r.created_at), ''{day,week,month}'', '''', sign, 0, 0, 0)\003B
  IF r.status IN (''won'', ''lost'') AND r.closed_at IS NOT NULL THEN
    PERFORM dashboard_add(r.company_id, r.owner_user_id, r.status::text, '''', dashboard_day(r.closed_at), ''{day,week,month}'', '''', sign, 0, 0, 0)\003B
  END IF\003B
END
';

CREATE FUNCTION dashboard_attendance_apply() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  IF TG_OP = ''UPDATE'' AND (OLD.company_id, OLD.owner_user_id, OLD.status, OLD.created_at, OLD.closed_at)
    IS NOT DISTINCT FROM (NEW.company_id, NEW.owner_user_id, NEW.status, NEW.created_at, NEW.closed_at) THEN
    RETURN NULL\003B
  END IF\003B
  IF TG_OP <> ''INSERT'' THEN PERFORM dashboard_attendance_emit(OLD, -1)\003B END IF\003B
  IF TG_OP <> ''DELETE'' THEN PERFORM dashboard_attendance_emit(NEW, 1)\003B END IF\003B
  RETURN NULL\003B
END
';

-- A sale's figures, with the destination and first contact of its budget as given (the budget
-- trigger passes the old ones), and the supplier figures of its reservations as they are now.
CREATE FUNCTION dashboard_sale_emit(s sales, destination text, first_contact timestamp, sign int) RETURNS void LANGUAGE plpgsql AS U&'
DECLARE
  r record\003B
BEGIN
  IF s.undone_at IS NOT NULL THEN RETURN\003B END IF\003B
  PERFORM dashboard_add(s.company_id, s.seller_user_id, ''sale'', s.currency, dashboard_day(s.sold_at), ''{day,week,month}'', '''',
    sign, sign * s.sale_cents::bigint, sign * s.cost_cents::bigint, sign * s.commission_cents::bigint)\003B
  IF btrim(COALESCE(destination, '''')) <> '''' THEN
    PERFORM dashboard_add(s.company_id, s.seller_user_id, ''destination'', s.currency, dashboard_day(s.sold_at), ''{day,week,month}'',
      btrim(destination), sign, sign * s.sale_cents::bigint, 0, 0)\003B
  END IF\003B
  PERFORM dashboard_add(s.company_id, s.seller_user_id, ''lead'', s.currency, dashboard_day(s.sold_at), ''{day,week,month}'',
    (dashboard_day(s.sold_at) - dashboard_day(first_contact))::text, sign, 0, 0, 0)\003B
  FOR r IN
    SELECT supplier_id, count(*)::int AS n, sum(amount_cents)::bigint AS cents FROM reservations
    WHERE sale_id = s.id AND supplier_id IS NOT NULL AND status <> ''canceled'' AND currency = s.currency
    GROUP BY supplier_id ORDER BY supplier_id
  LOOP
    PERFORM dashboard_add(s.company_id, s.seller_user_id, ''supplier'', s.currency, dashboard_day(s.sold_at), ''{day,week,month}'',
      r.supplier_id::text, sign * r.n, sign * r.cents, 0, 0)\003B
  END LOOP\003B
END
';

CREATE FUNCTION dashboard_first_contact(budget_created timestamp, attendance int) RETURNS timestamp LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT created_at FROM attendances WHERE id = attendance), budget_created)
$$;

CREATE FUNCTION dashboard_sale_apply() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  b record\003B
BEGIN
  IF TG_OP = ''UPDATE'' AND (OLD.company_id, OLD.seller_user_id, OLD.currency, OLD.sale_cents, OLD.cost_cents, OLD.commission_cents,
      OLD.sold_at, OLD.undone_at IS NULL, OLD.budget_id)
    IS NOT DISTINCT FROM (NEW.company_id, NEW.seller_user_id, NEW.currency, NEW.sale_cents, NEW.cost_cents, NEW.commission_cents,
      NEW.sold_at, NEW.undone_at IS NULL, NEW.budget_id) THEN
    RETURN NULL\003B
  END IF\003B
  IF TG_OP <> ''INSERT'' THEN
    SELECT destination, dashboard_first_contact(created_at, attendance_id) AS first_contact INTO b FROM budgets WHERE id = OLD.budget_id\003B
    PERFORM dashboard_sale_emit(OLD, b.destination, b.first_contact, -1)\003B
  END IF\003B
  IF TG_OP <> ''DELETE'' THEN
    SELECT destination, dashboard_first_contact(created_at, attendance_id) AS first_contact INTO b FROM budgets WHERE id = NEW.budget_id\003B
    PERFORM dashboard_sale_emit(NEW, b.destination, b.first_contact, 1)\003B
  END IF\003B
  RETURN NULL\003B
END
';

CREATE FUNCTION dashboard_budget_emit(r budgets, sign int) RETURNS void LANGUAGE plpgsql AS U&'
BEGIN
  IF r.sent_at IS NOT NULL THEN
    PERFORM dashboard_add(r.company_id, r.owner_user_id, ''sent'', '''', dashboard_day(r.sent_at), ''{day,week,month}'', '''', sign,
      CASE WHEN r.landing_views_count > 0 THEN sign ELSE 0 END,
      CASE WHEN r.accepted_at IS NOT NULL OR r.sold_at IS NOT NULL THEN sign ELSE 0 END, 0)\003B
  END IF\003B
END
';

CREATE FUNCTION dashboard_budget_apply() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  s sales\003B
BEGIN
  IF TG_OP = ''UPDATE'' AND (OLD.company_id, OLD.owner_user_id, OLD.sent_at, OLD.landing_views_count > 0,
      OLD.accepted_at IS NOT NULL OR OLD.sold_at IS NOT NULL)
    IS NOT DISTINCT FROM (NEW.company_id, NEW.owner_user_id, NEW.sent_at, NEW.landing_views_count > 0,
      NEW.accepted_at IS NOT NULL OR NEW.sold_at IS NOT NULL) THEN
    NULL\003B
  ELSE
    IF TG_OP <> ''INSERT'' THEN PERFORM dashboard_budget_emit(OLD, -1)\003B END IF\003B
    IF TG_OP <> ''DELETE'' THEN PERFORM dashboard_budget_emit(NEW, 1)\003B END IF\003B
  END IF\003B
  -- The destination and first contact of the budget''s sales.
  IF TG_OP = ''UPDATE'' AND (btrim(COALESCE(OLD.destination, '''')) IS DISTINCT FROM btrim(COALESCE(NEW.destination, ''''))
      OR OLD.attendance_id IS DISTINCT FROM NEW.attendance_id OR OLD.created_at IS DISTINCT FROM NEW.created_at) THEN
    FOR s IN SELECT * FROM sales WHERE budget_id = NEW.id AND undone_at IS NULL ORDER BY id LOOP
      PERFORM dashboard_sale_emit(s, OLD.destination, dashboard_first_contact(OLD.created_at, OLD.attendance_id), -1)\003B
      PERFORM dashboard_sale_emit(s, NEW.destination, dashboard_first_contact(NEW.created_at, NEW.attendance_id), 1)\003B
    END LOOP\003B
  END IF\003B
  RETURN NULL\003B
END
';

CREATE FUNCTION dashboard_reservation_emit(r reservations, sign int) RETURNS void LANGUAGE plpgsql AS U&'
DECLARE
  s record\003B
  sold boolean\003B
BEGIN
  SELECT seller_user_id, currency, sold_at, undone_at INTO s FROM sales WHERE id = r.sale_id AND company_id = r.company_id\003B
  sold := FOUND\003B
  IF r.paid_on IS NOT NULL AND r.supplier_id IS NOT NULL AND r.payment_due_date IS NOT NULL THEN
    PERFORM dashboard_add(r.company_id, s.seller_user_id, ''paid'', r.currency, r.paid_on, ''{day,week}'', '''', sign, sign * r.amount_cents::bigint, 0, 0)\003B
  END IF\003B
  IF sold AND s.undone_at IS NULL AND s.currency = r.currency AND r.supplier_id IS NOT NULL AND r.status <> ''canceled'' THEN
    PERFORM dashboard_add(r.company_id, s.seller_user_id, ''supplier'', r.currency, dashboard_day(s.sold_at), ''{day,week,month}'',
      r.supplier_id::text, sign, sign * r.amount_cents::bigint, 0, 0)\003B
  END IF\003B
END
';

CREATE FUNCTION dashboard_reservation_apply() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  IF TG_OP = ''UPDATE'' AND (OLD.company_id, OLD.sale_id, OLD.supplier_id, OLD.status = ''canceled'', OLD.currency, OLD.amount_cents,
      OLD.paid_on, OLD.payment_due_date IS NULL)
    IS NOT DISTINCT FROM (NEW.company_id, NEW.sale_id, NEW.supplier_id, NEW.status = ''canceled'', NEW.currency, NEW.amount_cents,
      NEW.paid_on, NEW.payment_due_date IS NULL) THEN
    RETURN NULL\003B
  END IF\003B
  IF TG_OP <> ''INSERT'' THEN PERFORM dashboard_reservation_emit(OLD, -1)\003B END IF\003B
  IF TG_OP <> ''DELETE'' THEN PERFORM dashboard_reservation_emit(NEW, 1)\003B END IF\003B
  RETURN NULL\003B
END
';

CREATE FUNCTION dashboard_payment_emit(p receivable_payments, sign int) RETURNS void LANGUAGE plpgsql AS U&'
BEGIN
  PERFORM dashboard_add(p.company_id,
    (SELECT ss.seller_user_id FROM receivables rc JOIN sales ss ON ss.id = rc.sale_id AND ss.company_id = p.company_id WHERE rc.id = p.receivable_id),
    ''received'', p.currency, p.received_on, ''{day,week}'', '''', sign, sign * p.amount_cents::bigint, 0, 0)\003B
END
';

CREATE FUNCTION dashboard_payment_apply() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  IF TG_OP = ''UPDATE'' AND (OLD.company_id, OLD.receivable_id, OLD.received_on, OLD.currency, OLD.amount_cents)
    IS NOT DISTINCT FROM (NEW.company_id, NEW.receivable_id, NEW.received_on, NEW.currency, NEW.amount_cents) THEN
    RETURN NULL\003B
  END IF\003B
  IF TG_OP <> ''INSERT'' THEN PERFORM dashboard_payment_emit(OLD, -1)\003B END IF\003B
  IF TG_OP <> ''DELETE'' THEN PERFORM dashboard_payment_emit(NEW, 1)\003B END IF\003B
  RETURN NULL\003B
END
';

CREATE TRIGGER agency_dashboard_stats AFTER INSERT OR UPDATE OR DELETE ON "attendances"
  FOR EACH ROW EXECUTE FUNCTION dashboard_attendance_apply();
CREATE TRIGGER agency_dashboard_stats AFTER INSERT OR UPDATE OR DELETE ON "budgets"
  FOR EACH ROW EXECUTE FUNCTION dashboard_budget_apply();
CREATE TRIGGER agency_dashboard_stats AFTER INSERT OR UPDATE OR DELETE ON "sales"
  FOR EACH ROW EXECUTE FUNCTION dashboard_sale_apply();
CREATE TRIGGER agency_dashboard_stats AFTER INSERT OR UPDATE OR DELETE ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION dashboard_reservation_apply();
CREATE TRIGGER agency_dashboard_stats AFTER INSERT OR UPDATE OR DELETE ON "receivable_payments"
  FOR EACH ROW EXECUTE FUNCTION dashboard_payment_apply();

-- What was written before this migration, summed the way the triggers sum it.
INSERT INTO agency_dashboard_stats (company_id, user_id, metric, currency, grain, day, key, n, a, b, c)
SELECT f.company_id, u, f.metric, f.currency, g, CASE g WHEN 'day' THEN f.day ELSE date_trunc(g, f.day)::date END, f.key,
  sum(f.n), sum(f.a), sum(f.b), sum(f.c)
FROM (
  SELECT company_id, owner_user_id AS user_id, 'opened' AS metric, '' AS currency, dashboard_day(created_at) AS day, '{day,week,month}'::text[] AS grains, '' AS key,
    1 AS n, 0::bigint AS a, 0::bigint AS b, 0::bigint AS c
  FROM attendances
  UNION ALL
  SELECT company_id, owner_user_id, status::text, '', dashboard_day(closed_at), '{day,week,month}', '', 1, 0, 0, 0
  FROM attendances WHERE status IN ('won', 'lost') AND closed_at IS NOT NULL
  UNION ALL
  SELECT company_id, owner_user_id, 'sent', '', dashboard_day(sent_at), '{day,week,month}', '', 1,
    CASE WHEN landing_views_count > 0 THEN 1 ELSE 0 END, CASE WHEN accepted_at IS NOT NULL OR sold_at IS NOT NULL THEN 1 ELSE 0 END, 0
  FROM budgets WHERE sent_at IS NOT NULL
  UNION ALL
  SELECT company_id, seller_user_id, 'sale', currency, dashboard_day(sold_at), '{day,week,month}', '', 1, sale_cents, cost_cents, commission_cents
  FROM sales WHERE undone_at IS NULL
  UNION ALL
  SELECT s.company_id, s.seller_user_id, 'destination', s.currency, dashboard_day(s.sold_at), '{day,week,month}', btrim(b.destination), 1, s.sale_cents, 0, 0
  FROM sales s JOIN budgets b ON b.id = s.budget_id WHERE s.undone_at IS NULL AND btrim(COALESCE(b.destination, '')) <> ''
  UNION ALL
  SELECT s.company_id, s.seller_user_id, 'lead', s.currency, dashboard_day(s.sold_at), '{day,week,month}',
    (dashboard_day(s.sold_at) - dashboard_day(COALESCE(a.created_at, b.created_at)))::text, 1, 0, 0, 0
  FROM sales s JOIN budgets b ON b.id = s.budget_id LEFT JOIN attendances a ON a.id = b.attendance_id WHERE s.undone_at IS NULL
  UNION ALL
  SELECT s.company_id, s.seller_user_id, 'supplier', s.currency, dashboard_day(s.sold_at), '{day,week,month}', r.supplier_id::text, 1, r.amount_cents, 0, 0
  FROM reservations r JOIN sales s ON s.id = r.sale_id AND s.company_id = r.company_id
  WHERE s.undone_at IS NULL AND s.currency = r.currency AND r.supplier_id IS NOT NULL AND r.status <> 'canceled'
  UNION ALL
  SELECT r.company_id, s.seller_user_id, 'paid', r.currency, r.paid_on, '{day,week}', '', 1, r.amount_cents, 0, 0
  FROM reservations r LEFT JOIN sales s ON s.id = r.sale_id AND s.company_id = r.company_id
  WHERE r.paid_on IS NOT NULL AND r.supplier_id IS NOT NULL AND r.payment_due_date IS NOT NULL
  UNION ALL
  SELECT p.company_id, s.seller_user_id, 'received', p.currency, p.received_on, '{day,week}', '', 1, p.amount_cents, 0, 0
  FROM receivable_payments p LEFT JOIN receivables rc ON rc.id = p.receivable_id LEFT JOIN sales s ON s.id = rc.sale_id AND s.company_id = p.company_id
) AS f,
unnest(ARRAY[0, f.user_id]) AS u,
unnest(f.grains) AS g
WHERE u IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7;

ANALYZE agency_dashboard_stats;
