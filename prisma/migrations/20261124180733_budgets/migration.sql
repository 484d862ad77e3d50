-- CreateEnum
CREATE TYPE "BudgetStatus" AS ENUM ('draft', 'sent', 'accepted', 'sold', 'canceled');

-- CreateEnum
CREATE TYPE "AgeGroup" AS ENUM ('adult', 'child', 'infant');

-- CreateEnum
CREATE TYPE "ServiceStatus" AS ENUM ('active', 'canceled');

-- CreateEnum
CREATE TYPE "RecommendationCategory" AS ENUM ('restaurant', 'tour', 'document', 'tip', 'other');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "ServiceType" ADD VALUE 'transfer';
ALTER TYPE "ServiceType" ADD VALUE 'tour';

-- CreateTable
CREATE TABLE "budgets" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "attendance_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,
    "owner_user_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "destination" TEXT,
    "start_date" DATE,
    "end_date" DATE,
    "currency" TEXT NOT NULL DEFAULT 'BRL',
    "currency_rate" DECIMAL(14,6) NOT NULL DEFAULT 1,
    "currency_quote_history_id" INTEGER,
    "observations" TEXT,
    "show_values" BOOLEAN NOT NULL DEFAULT true,
    "status" "BudgetStatus" NOT NULL DEFAULT 'draft',
    "landing_page_id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "accepted_proposal_id" INTEGER,
    "sent_at" TIMESTAMP(3),
    "accepted_at" TIMESTAMP(3),
    "sold_at" TIMESTAMP(3),
    "canceled_at" TIMESTAMP(3),
    "total_cents" INTEGER NOT NULL DEFAULT 0,
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "budgets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "budget_paxes" (
    "id" SERIAL NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "client_id" INTEGER,
    "name" TEXT NOT NULL,
    "age_group" "AgeGroup" NOT NULL,
    "birth_date" DATE,
    "document_type" "ClientDocumentType",
    "document_number" TEXT,
    "cpf" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "budget_paxes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "proposals" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "notes" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "sale_cents" INTEGER NOT NULL DEFAULT 0,
    "cost_cents" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "proposals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "services" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "proposal_id" INTEGER NOT NULL,
    "type" "ServiceType" NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "supplier_id" INTEGER,
    "start_date" DATE,
    "start_time" TEXT,
    "end_date" DATE,
    "end_time" TEXT,
    "adult_number" INTEGER NOT NULL DEFAULT 1,
    "child_number" INTEGER NOT NULL DEFAULT 0,
    "infant_number" INTEGER NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL DEFAULT 'BRL',
    "adult_cents" INTEGER NOT NULL DEFAULT 0,
    "child_cents" INTEGER NOT NULL DEFAULT 0,
    "infant_cents" INTEGER NOT NULL DEFAULT 0,
    "total_cents" INTEGER NOT NULL DEFAULT 0,
    "taxes_cents" INTEGER NOT NULL DEFAULT 0,
    "fee_cents" INTEGER NOT NULL DEFAULT 0,
    "commission_basis_points" INTEGER NOT NULL DEFAULT 0,
    "quote_rate" DECIMAL(14,6) NOT NULL DEFAULT 1,
    "quote_history_id" INTEGER,
    "details" JSONB NOT NULL DEFAULT '{}',
    "status" "ServiceStatus" NOT NULL DEFAULT 'active',
    "position" INTEGER NOT NULL DEFAULT 0,
    "sale_cents" INTEGER NOT NULL DEFAULT 0,
    "cost_cents" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "services_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refunds" (
    "id" SERIAL NOT NULL,
    "service_id" INTEGER NOT NULL,
    "refund_cents" INTEGER NOT NULL,
    "penalty_cents" INTEGER NOT NULL,
    "reason" TEXT,
    "user_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recommendations" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "category" "RecommendationCategory" NOT NULL DEFAULT 'tip',
    "title" TEXT NOT NULL,
    "description" TEXT,
    "url" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "recommendations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "financial_table_comments" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "proposal_id" INTEGER,
    "line" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "user_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "financial_table_comments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "budgets_landing_page_id_key" ON "budgets"("landing_page_id");

-- CreateIndex
CREATE UNIQUE INDEX "budgets_accepted_proposal_id_key" ON "budgets"("accepted_proposal_id");

-- CreateIndex
CREATE INDEX "budgets_company_id_created_at_id_idx" ON "budgets"("company_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "budgets_company_id_status_created_at_id_idx" ON "budgets"("company_id", "status", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "budgets_company_id_client_id_created_at_id_idx" ON "budgets"("company_id", "client_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "budgets_company_id_owner_user_id_created_at_id_idx" ON "budgets"("company_id", "owner_user_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "budgets_attendance_id_created_at_idx" ON "budgets"("attendance_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "budgets_company_id_start_date_idx" ON "budgets"("company_id", "start_date");

-- CreateIndex
CREATE INDEX "budgets_search_text_idx" ON "budgets" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "budget_paxes_budget_id_position_idx" ON "budget_paxes"("budget_id", "position");

-- CreateIndex
CREATE INDEX "budget_paxes_client_id_idx" ON "budget_paxes"("client_id");

-- CreateIndex
CREATE INDEX "proposals_budget_id_position_idx" ON "proposals"("budget_id", "position");

-- CreateIndex
CREATE INDEX "proposals_company_id_idx" ON "proposals"("company_id");

-- CreateIndex
CREATE INDEX "services_proposal_id_position_idx" ON "services"("proposal_id", "position");

-- CreateIndex
CREATE INDEX "services_budget_id_idx" ON "services"("budget_id");

-- CreateIndex
CREATE INDEX "services_company_id_type_idx" ON "services"("company_id", "type");

-- CreateIndex
CREATE INDEX "services_supplier_id_idx" ON "services"("supplier_id");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_service_id_key" ON "refunds"("service_id");

-- CreateIndex
CREATE INDEX "recommendations_budget_id_position_idx" ON "recommendations"("budget_id", "position");

-- CreateIndex
CREATE INDEX "recommendations_company_id_idx" ON "recommendations"("company_id");

-- CreateIndex
CREATE INDEX "financial_table_comments_budget_id_created_at_idx" ON "financial_table_comments"("budget_id", "created_at");

-- CreateIndex
CREATE INDEX "financial_table_comments_company_id_idx" ON "financial_table_comments"("company_id");

-- AddForeignKey
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_attendance_id_fkey" FOREIGN KEY ("attendance_id") REFERENCES "attendances"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_owner_user_id_fkey" FOREIGN KEY ("owner_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_currency_quote_history_id_fkey" FOREIGN KEY ("currency_quote_history_id") REFERENCES "currency_quote_history"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_accepted_proposal_id_fkey" FOREIGN KEY ("accepted_proposal_id") REFERENCES "proposals"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_paxes" ADD CONSTRAINT "budget_paxes_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_paxes" ADD CONSTRAINT "budget_paxes_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "services" ADD CONSTRAINT "services_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "services" ADD CONSTRAINT "services_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "services" ADD CONSTRAINT "services_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "services" ADD CONSTRAINT "services_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "suppliers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "services" ADD CONSTRAINT "services_quote_history_id_fkey" FOREIGN KEY ("quote_history_id") REFERENCES "currency_quote_history"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_table_comments" ADD CONSTRAINT "financial_table_comments_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_table_comments" ADD CONSTRAINT "financial_table_comments_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_table_comments" ADD CONSTRAINT "financial_table_comments_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "financial_table_comments" ADD CONSTRAINT "financial_table_comments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A budget's search text (title, destination) is folded by the database like the suppliers' (see
-- that migration for why function bodies are U& strings with \003B for semicolons).
CREATE FUNCTION budgets_search_text() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  NEW.search_text := immutable_unaccent(lower(concat_ws(\0027 \0027, NEW.title, NEW.destination)))\003B
  RETURN NEW\003B
END';

CREATE TRIGGER budgets_search_text BEFORE INSERT OR UPDATE OF title, destination ON "budgets"
  FOR EACH ROW EXECUTE FUNCTION budgets_search_text();

-- A budget copies its attendance's client and owner so the list filters read one table: they follow the attendance.
CREATE FUNCTION attendances_budgets_party() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  UPDATE budgets SET client_id = NEW.client_id, owner_user_id = NEW.owner_user_id
    WHERE attendance_id = NEW.id AND (client_id <> NEW.client_id OR owner_user_id <> NEW.owner_user_id)\003B
  RETURN NEW\003B
END';

CREATE TRIGGER attendances_budgets_party AFTER UPDATE OF client_id, owner_user_id ON "attendances"
  FOR EACH ROW WHEN (OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.owner_user_id IS DISTINCT FROM NEW.owner_user_id)
  EXECUTE FUNCTION attendances_budgets_party();

-- Money is never negative, head counts neither, and a service has someone travelling.
ALTER TABLE "services" ADD CONSTRAINT "services_money_check" CHECK (
  "adult_cents" >= 0 AND "child_cents" >= 0 AND "infant_cents" >= 0 AND "total_cents" >= 0
  AND "taxes_cents" >= 0 AND "fee_cents" >= 0 AND "commission_basis_points" BETWEEN 0 AND 10000 AND "quote_rate" > 0);
ALTER TABLE "services" ADD CONSTRAINT "services_travellers_check" CHECK (
  "adult_number" >= 0 AND "child_number" >= 0 AND "infant_number" >= 0 AND "adult_number" + "child_number" + "infant_number" > 0);
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_money_check" CHECK ("refund_cents" >= 0 AND "penalty_cents" >= 0);
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_dates_check" CHECK ("end_date" IS NULL OR "start_date" IS NULL OR "end_date" >= "start_date");
