-- CreateTable
CREATE TABLE "commission_payments" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "seller_user_id" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "currency" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "paid_on" DATE NOT NULL,
    "note" TEXT,
    "user_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "commission_payments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "commission_payments_company_id_month_seller_user_id_idx" ON "commission_payments"("company_id", "month", "seller_user_id");

-- CreateIndex
CREATE INDEX "commission_payments_seller_user_id_idx" ON "commission_payments"("seller_user_id");

-- AddForeignKey
ALTER TABLE "commission_payments" ADD CONSTRAINT "commission_payments_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "commission_payments" ADD CONSTRAINT "commission_payments_seller_user_id_fkey" FOREIGN KEY ("seller_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
