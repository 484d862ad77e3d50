-- Agency templates ("Pacote Buenos Aires 7 noites"): a proposal or a whole budget saved with its
-- services and prices, each date kept as days from the trip's start, so a new budget or proposal
-- starts from it on its own dates and passengers.
CREATE TYPE "BudgetTemplateKind" AS ENUM ('proposal', 'budget');

CREATE TABLE "budget_templates" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "BudgetTemplateKind" NOT NULL DEFAULT 'proposal',
    "destination" TEXT,
    "days" INTEGER,
    "proposals" JSONB NOT NULL DEFAULT '[]',
    "proposals_count" INTEGER NOT NULL DEFAULT 0,
    "services_count" INTEGER NOT NULL DEFAULT 0,
    "created_by_id" INTEGER,
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updated_by_id" INTEGER,

    CONSTRAINT "budget_templates_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "budget_templates_company_id_name_id_idx" ON "budget_templates"("company_id", "name", "id");

CREATE INDEX "budget_templates_search_text_idx" ON "budget_templates" USING GIN ("search_text" gin_trgm_ops);

ALTER TABLE "budget_templates" ADD CONSTRAINT "budget_templates_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Name and destination, folded like the other search texts (see suppliers_search_text).
CREATE FUNCTION budget_templates_search_text() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  NEW.search_text := immutable_unaccent(lower(concat_ws(\0027 \0027, NEW.name, NEW.destination)))\003B
  RETURN NEW\003B
END';

CREATE TRIGGER budget_templates_search_text BEFORE INSERT OR UPDATE ON "budget_templates"
  FOR EACH ROW EXECUTE FUNCTION budget_templates_search_text();

-- A favourite supplier is offered first by the suppliers' pickers (and listed first): the picker's
-- statement (active ones, favourites first, by name) reads this index in order.
ALTER TABLE "suppliers" ADD COLUMN "is_favorite" BOOLEAN NOT NULL DEFAULT false;

CREATE INDEX "suppliers_company_id_is_active_is_favorite_name_id_idx" ON "suppliers"("company_id", "is_active", "is_favorite" DESC, "name", "id");

-- Copying a service from an earlier budget searches the services' titles, folded like the search
-- texts (the budget's title and destination are in budgets.search_text, indexed already).
CREATE INDEX "services_title_folded_idx" ON "services" USING GIN (immutable_unaccent(lower("title")) gin_trgm_ops);
