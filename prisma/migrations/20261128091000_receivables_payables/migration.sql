-- CreateEnum
CREATE TYPE "ReceivableStatus" AS ENUM ('open', 'received', 'canceled');

-- AlterTable
ALTER TABLE "reservations" ADD COLUMN     "paid_by_user_id" INTEGER,
ADD COLUMN     "paid_method" "PaymentMethodKind",
ADD COLUMN     "paid_note" TEXT,
ADD COLUMN     "paid_on" DATE;

-- CreateTable
CREATE TABLE "receivables" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "sale_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "due_date" DATE NOT NULL,
    "currency" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "received_cents" INTEGER NOT NULL DEFAULT 0,
    "status" "ReceivableStatus" NOT NULL DEFAULT 'open',
    "received_on" DATE,
    "canceled_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "receivables_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "receivable_payments" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "receivable_id" INTEGER NOT NULL,
    "received_on" DATE NOT NULL,
    "currency" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "method" "PaymentMethodKind" NOT NULL,
    "note" TEXT,
    "user_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "receivable_payments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "receivables_company_id_status_due_date_idx" ON "receivables"("company_id", "status", "due_date");

-- CreateIndex
CREATE INDEX "receivables_company_id_due_date_idx" ON "receivables"("company_id", "due_date");

-- CreateIndex
CREATE INDEX "receivables_client_id_idx" ON "receivables"("client_id");

-- CreateIndex
CREATE UNIQUE INDEX "receivables_sale_id_number_key" ON "receivables"("sale_id", "number");

-- CreateIndex
CREATE INDEX "receivable_payments_receivable_id_received_on_idx" ON "receivable_payments"("receivable_id", "received_on");

-- CreateIndex
CREATE INDEX "receivable_payments_company_id_received_on_idx" ON "receivable_payments"("company_id", "received_on");

-- AddForeignKey
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "receivable_payments" ADD CONSTRAINT "receivable_payments_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "receivable_payments" ADD CONSTRAINT "receivable_payments_receivable_id_fkey" FOREIGN KEY ("receivable_id") REFERENCES "receivables"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: every installment of the sales recorded before this table, open for a standing sale and
-- canceled for an undone one (nothing was received through the app before), one of 0 cents received.
INSERT INTO "receivables" ("company_id", "sale_id", "client_id", "number", "due_date", "currency", "amount_cents", "status", "received_on", "canceled_at", "created_at", "updated_at")
SELECT s."company_id", s."id", b."client_id", (item->>'number')::int, (item->>'due_date')::date, s."currency", (item->>'amount_cents')::int,
       CASE WHEN (item->>'amount_cents')::int = 0 THEN 'received' WHEN s."undone_at" IS NULL THEN 'open' ELSE 'canceled' END::"ReceivableStatus",
       CASE WHEN (item->>'amount_cents')::int = 0 THEN (item->>'due_date')::date END,
       CASE WHEN (item->>'amount_cents')::int <> 0 AND s."undone_at" IS NOT NULL THEN s."undone_at" END, s."sold_at", now()
FROM "sales" s
JOIN "budgets" b ON b."id" = s."budget_id"
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(s."payment_plan") = 'array' THEN s."payment_plan" ELSE '[]'::jsonb END) AS item
ON CONFLICT ("sale_id", "number") DO NOTHING;
