-- CreateEnum
CREATE TYPE "BudgetMailingKind" AS ENUM ('budget', 'proposals');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AttendanceLogAction" ADD VALUE 'budget_sent';
ALTER TYPE "AttendanceLogAction" ADD VALUE 'budget_accepted';

-- AlterTable
ALTER TABLE "budgets" ADD COLUMN     "accepted_by_email" TEXT,
ADD COLUMN     "accepted_by_name" TEXT,
ADD COLUMN     "accepted_installments" INTEGER,
ADD COLUMN     "accepted_ip" TEXT,
ADD COLUMN     "accepted_notified_at" TIMESTAMP(3),
ADD COLUMN     "accepted_payment_method_id" INTEGER,
ADD COLUMN     "accepted_user_agent" TEXT,
ADD COLUMN     "landing_last_viewed_at" TIMESTAMP(3),
ADD COLUMN     "landing_page_enabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "landing_views_count" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "city" TEXT,
ADD COLUMN     "contact_email" TEXT,
ADD COLUMN     "instagram" TEXT,
ADD COLUMN     "logo_key" TEXT,
ADD COLUMN     "phone" TEXT,
ADD COLUMN     "state" TEXT,
ADD COLUMN     "website" TEXT,
ADD COLUMN     "whatsapp" TEXT;

-- AlterTable
ALTER TABLE "outbox_mails" ADD COLUMN     "attachments" JSONB NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "budget_landing_views" (
    "id" BIGSERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "ip" TEXT,
    "user_agent" TEXT,
    "viewed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "budget_landing_views_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "budget_mailings" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "kind" "BudgetMailingKind" NOT NULL,
    "recipients" TEXT[],
    "proposal_ids" INTEGER[],
    "message" TEXT,
    "sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "budget_mailings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "budget_landing_views_budget_id_viewed_at_idx" ON "budget_landing_views"("budget_id", "viewed_at" DESC);

-- CreateIndex
CREATE INDEX "budget_landing_views_company_id_idx" ON "budget_landing_views"("company_id");

-- CreateIndex
CREATE INDEX "budget_mailings_budget_id_created_at_idx" ON "budget_mailings"("budget_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "budget_mailings_company_id_idx" ON "budget_mailings"("company_id");

-- AddForeignKey
ALTER TABLE "budget_landing_views" ADD CONSTRAINT "budget_landing_views_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_landing_views" ADD CONSTRAINT "budget_landing_views_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_mailings" ADD CONSTRAINT "budget_mailings_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "budget_mailings" ADD CONSTRAINT "budget_mailings_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
