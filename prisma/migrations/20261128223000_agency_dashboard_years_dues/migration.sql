-- Painel da agência: every figure kept by month is kept by year too, so twelve months ending today
-- read this year's row and the rest of last year instead of twelve month rows per figure and key.
-- Year rows sit on the first of January.
CREATE OR REPLACE FUNCTION dashboard_add(p_company int, p_user int, p_metric text, p_currency text, p_day date, p_grains text[],
  p_key text, p_n int, p_a bigint, p_b bigint, p_c bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO agency_dashboard_stats AS s (company_id, user_id, metric, currency, grain, day, key, n, a, b, c)
  SELECT p_company, u, p_metric, p_currency, g, CASE g WHEN 'day' THEN p_day ELSE date_trunc(g, p_day)::date END,
    p_key, p_n, p_a, p_b, p_c
  FROM unnest(ARRAY[0, p_user]) AS u,
    unnest(CASE WHEN 'month' = ANY (p_grains) THEN p_grains || '{year}'::text[] ELSE p_grains END) AS g
  WHERE u IS NOT NULL
  ORDER BY u, g
  ON CONFLICT (company_id, user_id, grain, day, metric, currency, key) DO UPDATE
    SET n = s.n + EXCLUDED.n, a = s.a + EXCLUDED.a, b = s.b + EXCLUDED.b, c = s.c + EXCLUDED.c
$$;

-- What is owed by due date, kept like the rest so that "vence nos próximos dias" and "atrasadas"
-- read a few rows (years, then months, then days before today) instead of every open installment:
-- receivable_due is an open installment (n 1, a what is still owed), payable_due a reservation not
-- canceled, not paid, with a supplier and a due date (n 1, a its cost). Both under the sale's seller.
CREATE FUNCTION dashboard_seller(p_sale int, p_company int) RETURNS int LANGUAGE sql STABLE AS $$
  SELECT seller_user_id FROM sales WHERE id = p_sale AND company_id = p_company
$$;

CREATE FUNCTION dashboard_receivable_emit(r receivables, sign int) RETURNS void LANGUAGE plpgsql AS U&'
BEGIN
  IF r.status = ''open'' THEN
    PERFORM dashboard_add(r.company_id, dashboard_seller(r.sale_id, r.company_id), ''receivable_due'', r.currency, r.due_date,
      ''{day,month}'', '''', sign, sign * (r.amount_cents - r.received_cents)::bigint, 0, 0)\003B
  END IF\003B
END
';

CREATE FUNCTION dashboard_receivable_apply() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  IF TG_OP = ''UPDATE'' AND (OLD.company_id, OLD.sale_id, OLD.status = ''open'', OLD.currency, OLD.due_date, OLD.amount_cents - OLD.received_cents)
    IS NOT DISTINCT FROM (NEW.company_id, NEW.sale_id, NEW.status = ''open'', NEW.currency, NEW.due_date, NEW.amount_cents - NEW.received_cents) THEN
    RETURN NULL\003B
  END IF\003B
  IF TG_OP <> ''INSERT'' THEN PERFORM dashboard_receivable_emit(OLD, -1)\003B END IF\003B
  IF TG_OP <> ''DELETE'' THEN PERFORM dashboard_receivable_emit(NEW, 1)\003B END IF\003B
  RETURN NULL\003B
END
';

CREATE FUNCTION dashboard_payable_emit(r reservations, sign int) RETURNS void LANGUAGE plpgsql AS U&'
BEGIN
  IF r.status <> ''canceled'' AND r.paid_on IS NULL AND r.supplier_id IS NOT NULL AND r.payment_due_date IS NOT NULL THEN
    PERFORM dashboard_add(r.company_id, dashboard_seller(r.sale_id, r.company_id), ''payable_due'', r.currency, r.payment_due_date,
      ''{day,month}'', '''', sign, sign * r.amount_cents::bigint, 0, 0)\003B
  END IF\003B
END
';

CREATE FUNCTION dashboard_payable_apply() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  IF TG_OP = ''UPDATE'' AND (OLD.company_id, OLD.sale_id, OLD.supplier_id IS NULL, OLD.status = ''canceled'', OLD.currency, OLD.amount_cents,
      OLD.paid_on IS NULL, OLD.payment_due_date)
    IS NOT DISTINCT FROM (NEW.company_id, NEW.sale_id, NEW.supplier_id IS NULL, NEW.status = ''canceled'', NEW.currency, NEW.amount_cents,
      NEW.paid_on IS NULL, NEW.payment_due_date) THEN
    RETURN NULL\003B
  END IF\003B
  IF TG_OP <> ''INSERT'' THEN PERFORM dashboard_payable_emit(OLD, -1)\003B END IF\003B
  IF TG_OP <> ''DELETE'' THEN PERFORM dashboard_payable_emit(NEW, 1)\003B END IF\003B
  RETURN NULL\003B
END
';

CREATE TRIGGER agency_dashboard_dues AFTER INSERT OR UPDATE OR DELETE ON "receivables"
  FOR EACH ROW EXECUTE FUNCTION dashboard_receivable_apply();
CREATE TRIGGER agency_dashboard_dues AFTER INSERT OR UPDATE OR DELETE ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION dashboard_payable_apply();

-- Every kept figure as the source tables have it now, summed the way the triggers sum it, for some
-- agencies (NULL: all): what fills the new rows below, and what the tests compare the kept rows with.
CREATE FUNCTION agency_dashboard_recount(p_companies int[])
RETURNS TABLE (company_id int, user_id int, metric text, currency text, grain text, day date, key text, n bigint, a numeric, b numeric, c numeric)
LANGUAGE sql STABLE AS $$
  SELECT f.company_id, u, f.metric, f.currency, g, CASE g WHEN 'day' THEN f.day ELSE date_trunc(g, f.day)::date END, f.key,
    sum(f.n)::bigint, sum(f.a), sum(f.b), sum(f.c)
  FROM (
    SELECT company_id, owner_user_id AS user_id, 'opened' AS metric, '' AS currency, dashboard_day(created_at) AS day,
      '{day,week,month,year}'::text[] AS grains, '' AS key, 1 AS n, 0::bigint AS a, 0::bigint AS b, 0::bigint AS c
    FROM attendances
    UNION ALL
    SELECT company_id, owner_user_id, status::text, '', dashboard_day(closed_at), '{day,week,month,year}', '', 1, 0, 0, 0
    FROM attendances WHERE status IN ('won', 'lost') AND closed_at IS NOT NULL
    UNION ALL
    SELECT company_id, owner_user_id, 'sent', '', dashboard_day(sent_at), '{day,week,month,year}', '', 1,
      CASE WHEN landing_views_count > 0 THEN 1 ELSE 0 END, CASE WHEN accepted_at IS NOT NULL OR sold_at IS NOT NULL THEN 1 ELSE 0 END, 0
    FROM budgets WHERE sent_at IS NOT NULL
    UNION ALL
    SELECT company_id, seller_user_id, 'sale', currency, dashboard_day(sold_at), '{day,week,month,year}', '', 1, sale_cents, cost_cents, commission_cents
    FROM sales WHERE undone_at IS NULL
    UNION ALL
    SELECT s.company_id, s.seller_user_id, 'destination', s.currency, dashboard_day(s.sold_at), '{day,week,month,year}', btrim(b.destination),
      1, s.sale_cents, 0, 0
    FROM sales s JOIN budgets b ON b.id = s.budget_id WHERE s.undone_at IS NULL AND btrim(COALESCE(b.destination, '')) <> ''
    UNION ALL
    SELECT s.company_id, s.seller_user_id, 'lead', s.currency, dashboard_day(s.sold_at), '{day,week,month,year}',
      (dashboard_day(s.sold_at) - dashboard_day(COALESCE(a.created_at, b.created_at)))::text, 1, 0, 0, 0
    FROM sales s JOIN budgets b ON b.id = s.budget_id LEFT JOIN attendances a ON a.id = b.attendance_id WHERE s.undone_at IS NULL
    UNION ALL
    SELECT s.company_id, s.seller_user_id, 'supplier', s.currency, dashboard_day(s.sold_at), '{day,week,month,year}', r.supplier_id::text,
      1, r.amount_cents, 0, 0
    FROM reservations r JOIN sales s ON s.id = r.sale_id AND s.company_id = r.company_id
    WHERE s.undone_at IS NULL AND s.currency = r.currency AND r.supplier_id IS NOT NULL AND r.status <> 'canceled'
    UNION ALL
    SELECT r.company_id, s.seller_user_id, 'paid', r.currency, r.paid_on, '{day,week}', '', 1, r.amount_cents, 0, 0
    FROM reservations r LEFT JOIN sales s ON s.id = r.sale_id AND s.company_id = r.company_id
    WHERE r.paid_on IS NOT NULL AND r.supplier_id IS NOT NULL AND r.payment_due_date IS NOT NULL
    UNION ALL
    SELECT p.company_id, s.seller_user_id, 'received', p.currency, p.received_on, '{day,week}', '', 1, p.amount_cents, 0, 0
    FROM receivable_payments p LEFT JOIN receivables rc ON rc.id = p.receivable_id
      LEFT JOIN sales s ON s.id = rc.sale_id AND s.company_id = p.company_id
    UNION ALL
    SELECT rc.company_id, s.seller_user_id, 'receivable_due', rc.currency, rc.due_date, '{day,month,year}', '', 1,
      rc.amount_cents - rc.received_cents, 0, 0
    FROM receivables rc LEFT JOIN sales s ON s.id = rc.sale_id AND s.company_id = rc.company_id WHERE rc.status = 'open'
    UNION ALL
    SELECT r.company_id, s.seller_user_id, 'payable_due', r.currency, r.payment_due_date, '{day,month,year}', '', 1, r.amount_cents, 0, 0
    FROM reservations r LEFT JOIN sales s ON s.id = r.sale_id AND s.company_id = r.company_id
    WHERE r.status <> 'canceled' AND r.paid_on IS NULL AND r.supplier_id IS NOT NULL AND r.payment_due_date IS NOT NULL
  ) AS f,
  unnest(ARRAY[0, f.user_id]) AS u,
  unnest(f.grains) AS g
  WHERE u IS NOT NULL AND (p_companies IS NULL OR f.company_id = ANY (p_companies))
  GROUP BY 1, 2, 3, 4, 5, 6, 7
$$;

-- The new rows: every figure's years, and what is owed.
INSERT INTO agency_dashboard_stats (company_id, user_id, metric, currency, grain, day, key, n, a, b, c)
SELECT company_id, user_id, metric, currency, grain, day, key, n, a, b, c
FROM agency_dashboard_recount(NULL)
WHERE grain = 'year' OR metric IN ('receivable_due', 'payable_due');

ANALYZE agency_dashboard_stats;

-- The weekly cash chart and what is owed are read by figure: each its own small index (partial, so
-- the other figures' writes do not maintain them). The statement names the figures as literals so
-- the planner can use them.
CREATE INDEX "agency_dashboard_stats_cash_idx" ON "agency_dashboard_stats" ("company_id", "user_id", "currency", "grain", "day")
  WHERE "metric" IN ('received', 'paid');
CREATE INDEX "agency_dashboard_stats_owed_idx" ON "agency_dashboard_stats" ("company_id", "user_id", "metric", "currency", "grain", "day")
  WHERE "metric" IN ('receivable_due', 'payable_due');
