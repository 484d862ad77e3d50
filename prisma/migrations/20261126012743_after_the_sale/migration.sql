-- CreateEnum
CREATE TYPE "ReservationStatus" AS ENUM ('pending', 'requested', 'confirmed', 'canceled');

-- CreateEnum
CREATE TYPE "ContractStatus" AS ENUM ('generated', 'uploaded', 'sent', 'signed', 'cancelled');

-- CreateEnum
CREATE TYPE "SaleMailingKind" AS ENUM ('reservation_request', 'contract', 'vouchers');

-- CreateTable
CREATE TABLE "sales" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "proposal_id" INTEGER,
    "seller_user_id" INTEGER NOT NULL,
    "recorded_by_user_id" INTEGER,
    "currency" TEXT NOT NULL,
    "currency_rate" DECIMAL(14,6) NOT NULL,
    "sale_cents" INTEGER NOT NULL,
    "cost_cents" INTEGER NOT NULL,
    "commission_basis_points" INTEGER NOT NULL DEFAULT 0,
    "commission_cents" INTEGER NOT NULL DEFAULT 0,
    "payment_method_id" INTEGER,
    "payment_plan" JSONB NOT NULL DEFAULT '[]',
    "snapshot" JSONB NOT NULL,
    "notes" TEXT,
    "sold_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undone_at" TIMESTAMP(3),
    "undone_by_user_id" INTEGER,
    "undo_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sales_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reservations" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "sale_id" INTEGER,
    "service_id" INTEGER,
    "supplier_id" INTEGER,
    "status" "ReservationStatus" NOT NULL DEFAULT 'pending',
    "locator" TEXT,
    "currency" TEXT NOT NULL DEFAULT 'BRL',
    "amount_cents" INTEGER NOT NULL DEFAULT 0,
    "payment_due_date" DATE,
    "notes" TEXT,
    "requested_at" TIMESTAMP(3),
    "confirmed_at" TIMESTAMP(3),
    "canceled_at" TIMESTAMP(3),
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reservations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contract_templates" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "contract_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contracts" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "sale_id" INTEGER,
    "template_id" INTEGER,
    "status" "ContractStatus" NOT NULL DEFAULT 'generated',
    "file_key" TEXT,
    "file_size" INTEGER,
    "signed_file_key" TEXT,
    "signed_filename" TEXT,
    "signed_size" INTEGER,
    "signature_document_id" TEXT,
    "signature_requested_at" TIMESTAMP(3),
    "signed_at" TIMESTAMP(3),
    "sent_at" TIMESTAMP(3),
    "cancelled_at" TIMESTAMP(3),
    "created_by_user_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "contracts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vouchers" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "service_id" INTEGER,
    "file_key" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sent_at" TIMESTAMP(3),
    "created_by_user_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vouchers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sale_mailings" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "kind" "SaleMailingKind" NOT NULL,
    "reservation_id" INTEGER,
    "contract_id" INTEGER,
    "voucher_ids" INTEGER[],
    "recipients" TEXT[],
    "message" TEXT,
    "user_id" INTEGER,
    "sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sale_mailings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sales_budget_id_sold_at_idx" ON "sales"("budget_id", "sold_at" DESC);

-- CreateIndex
CREATE INDEX "sales_company_id_sold_at_idx" ON "sales"("company_id", "sold_at" DESC);

-- CreateIndex
CREATE INDEX "sales_company_id_seller_user_id_sold_at_idx" ON "sales"("company_id", "seller_user_id", "sold_at" DESC);

-- CreateIndex
CREATE INDEX "reservations_budget_id_position_idx" ON "reservations"("budget_id", "position");

-- CreateIndex
CREATE INDEX "reservations_company_id_status_payment_due_date_idx" ON "reservations"("company_id", "status", "payment_due_date");

-- CreateIndex
CREATE INDEX "reservations_sale_id_idx" ON "reservations"("sale_id");

-- CreateIndex
CREATE INDEX "reservations_service_id_idx" ON "reservations"("service_id");

-- CreateIndex
CREATE INDEX "reservations_supplier_id_idx" ON "reservations"("supplier_id");

-- CreateIndex
CREATE INDEX "contract_templates_company_id_name_idx" ON "contract_templates"("company_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "contracts_signature_document_id_key" ON "contracts"("signature_document_id");

-- CreateIndex
CREATE INDEX "contracts_budget_id_created_at_idx" ON "contracts"("budget_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "contracts_company_id_status_idx" ON "contracts"("company_id", "status");

-- CreateIndex
CREATE INDEX "vouchers_budget_id_created_at_idx" ON "vouchers"("budget_id", "created_at");

-- CreateIndex
CREATE INDEX "vouchers_company_id_idx" ON "vouchers"("company_id");

-- CreateIndex
CREATE INDEX "vouchers_service_id_idx" ON "vouchers"("service_id");

-- CreateIndex
CREATE INDEX "sale_mailings_budget_id_created_at_idx" ON "sale_mailings"("budget_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "sale_mailings_company_id_idx" ON "sale_mailings"("company_id");

-- CreateIndex
CREATE INDEX "sale_mailings_reservation_id_idx" ON "sale_mailings"("reservation_id");

-- CreateIndex
CREATE INDEX "sale_mailings_contract_id_idx" ON "sale_mailings"("contract_id");

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposals"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_seller_user_id_fkey" FOREIGN KEY ("seller_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_recorded_by_user_id_fkey" FOREIGN KEY ("recorded_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_payment_method_id_fkey" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "suppliers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contract_templates" ADD CONSTRAINT "contract_templates_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "contract_templates"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_mailings" ADD CONSTRAINT "sale_mailings_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_mailings" ADD CONSTRAINT "sale_mailings_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_mailings" ADD CONSTRAINT "sale_mailings_reservation_id_fkey" FOREIGN KEY ("reservation_id") REFERENCES "reservations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_mailings" ADD CONSTRAINT "sale_mailings_contract_id_fkey" FOREIGN KEY ("contract_id") REFERENCES "contracts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A budget has at most one sale not undone, a service at most one reservation not canceled, an
-- agency one default contract template.
CREATE UNIQUE INDEX "sales_budget_current_key" ON "sales"("budget_id") WHERE "undone_at" IS NULL;
CREATE UNIQUE INDEX "reservations_service_current_key" ON "reservations"("service_id") WHERE "status" <> 'canceled';
CREATE UNIQUE INDEX "contract_templates_default_key" ON "contract_templates"("company_id") WHERE "is_default";
