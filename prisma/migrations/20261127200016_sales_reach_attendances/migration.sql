-- A sale reaches its attendance: while a sale stands, the value of the attendance is the standing sales
-- total in reais, and the value the agent had given it waits in presale_value_cents for the undo.
ALTER TABLE "attendances" ADD COLUMN "presale_value_cents" INTEGER;

-- Attendances sold before this: the same rule on the rows already there (reais rounded half away
-- from zero, as convertCents does, the kept funnel counts follow through their triggers).
WITH sold AS (
  SELECT b.attendance_id, sum(round(sa.sale_cents * sa.currency_rate)) AS value
  FROM "sales" sa JOIN "budgets" b ON b.id = sa.budget_id
  WHERE sa.undone_at IS NULL
  GROUP BY b.attendance_id
)
UPDATE "attendances" a SET presale_value_cents = a.value_cents, value_cents = LEAST(sold.value, 2000000000)::int
FROM sold WHERE a.id = sold.attendance_id;

-- The amount of a budget is what was sold, else the accepted proposal (budgetHeadlineCents), the
-- cheapest proposal stays for the others, as stored.
UPDATE "budgets" b SET total_cents = sa.sale_cents
FROM "sales" sa
WHERE sa.budget_id = b.id AND sa.undone_at IS NULL AND b.total_cents <> sa.sale_cents;

UPDATE "budgets" b SET total_cents = p.sale_cents
FROM "proposals" p
WHERE p.id = b.accepted_proposal_id AND p.budget_id = b.id AND b.total_cents <> p.sale_cents
  AND NOT EXISTS (SELECT 1 FROM "sales" sa WHERE sa.budget_id = b.id AND sa.undone_at IS NULL);
