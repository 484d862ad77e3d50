-- Painel da agência (GET /api/agency-dashboard): each figure is a range read over the period's days.
-- The INCLUDE columns make those reads index-only (Prisma cannot declare INCLUDE, so raw here, named in
-- schema.prisma's comments).

-- An agent's attendances won and lost by closing day.
CREATE INDEX "attendances_company_id_owner_user_id_status_closed_at_idx" ON "attendances"("company_id", "owner_user_id", "status", "closed_at");

-- Budgets sent in the period, and of them the ones opened and accepted, per agent too.
CREATE INDEX "budgets_dashboard_sent_idx" ON "budgets"("company_id", "sent_at") INCLUDE ("owner_user_id", "landing_views_count", "accepted_at", "sold_at") WHERE "sent_at" IS NOT NULL;
CREATE INDEX "budgets_dashboard_owner_sent_idx" ON "budgets"("company_id", "owner_user_id", "sent_at") INCLUDE ("landing_views_count", "accepted_at", "sold_at") WHERE "sent_at" IS NOT NULL;

-- Sales of the period: totals, and the budget (destination, first contact) and reservations of each.
CREATE INDEX "sales_dashboard_idx" ON "sales"("company_id", "sold_at") INCLUDE ("id", "currency", "undone_at", "seller_user_id", "budget_id", "sale_cents", "cost_cents", "commission_cents");

-- Received per week.
CREATE INDEX "receivable_payments_dashboard_idx" ON "receivable_payments"("company_id", "received_on") INCLUDE ("currency", "amount_cents", "receivable_id");

-- Paid to suppliers per week.
CREATE INDEX "reservations_dashboard_paid_idx" ON "reservations"("company_id", "paid_on") INCLUDE ("currency", "amount_cents", "supplier_id", "payment_due_date", "sale_id") WHERE "paid_on" IS NOT NULL;

-- Installments due next and overdue: what is left of each.
CREATE INDEX "receivables_dashboard_open_idx" ON "receivables"("company_id", "due_date") INCLUDE ("currency", "amount_cents", "received_cents", "sale_id") WHERE "status" = 'open';
