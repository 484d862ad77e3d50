-- DropIndex
DROP INDEX "services_company_id_type_idx";

-- CreateTable
CREATE TABLE "budget_status_stats" (
    "company_id" INTEGER NOT NULL,
    "status" "BudgetStatus" NOT NULL,
    "budgets" INTEGER NOT NULL,

    CONSTRAINT "budget_status_stats_pkey" PRIMARY KEY ("company_id","status")
);

-- CreateIndex
CREATE INDEX "services_company_id_type_id_idx" ON "services"("company_id", "type", "id" DESC);

-- Kept by statement-level triggers like attendance_status_stats (crm_funnel_stats migration, which
-- says why the body is a U& string with \003B for semicolons): the change of a statement is summed
-- per bucket, so an update that moves no status writes nothing.
CREATE FUNCTION budget_stats_apply() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  source text := CASE TG_OP
    WHEN ''INSERT'' THEN ''SELECT company_id, status, 1 AS n FROM new_rows''
    WHEN ''DELETE'' THEN ''SELECT company_id, status, -1 AS n FROM old_rows''
    ELSE ''SELECT company_id, status, -1 AS n FROM old_rows UNION ALL SELECT company_id, status, 1 FROM new_rows''
  END\003B
BEGIN
  EXECUTE $q$
    WITH delta AS ($q$ || source || $q$)
    INSERT INTO budget_status_stats AS s (company_id, status, budgets)
    SELECT company_id, status, sum(n) FROM delta
    GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
    ON CONFLICT (company_id, status) DO UPDATE SET budgets = s.budgets + EXCLUDED.budgets
  $q$\003B
  RETURN NULL\003B
END\003B
';

CREATE TRIGGER budget_stats_insert AFTER INSERT ON "budgets"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_stats_apply();
CREATE TRIGGER budget_stats_update AFTER UPDATE ON "budgets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_stats_apply();
CREATE TRIGGER budget_stats_delete AFTER DELETE ON "budgets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_stats_apply();

INSERT INTO budget_status_stats (company_id, status, budgets)
SELECT company_id, status, count(*) FROM "budgets" GROUP BY 1, 2;

-- The budgets search also finds the client's name, blind to accents and case: a trigram index on the folded name.
CREATE INDEX "clients_name_folded_trgm_idx" ON "clients" USING GIN (immutable_unaccent(lower("name")) gin_trgm_ops);
