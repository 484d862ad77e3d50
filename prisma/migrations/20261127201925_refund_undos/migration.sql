-- A cancellation undone (DELETE /api/refunds/{service_id}) deletes its refund row: this keeps what
-- the refund was, who registered it, and who undid it when.
-- CreateTable
CREATE TABLE "refund_undos" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "service_id" INTEGER NOT NULL,
    "refund_cents" INTEGER NOT NULL,
    "penalty_cents" INTEGER NOT NULL,
    "reason" TEXT,
    "refunded_by_user_id" INTEGER,
    "refunded_at" TIMESTAMP(3) NOT NULL,
    "user_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refund_undos_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "refund_undos_service_id_idx" ON "refund_undos"("service_id");

-- CreateIndex
CREATE INDEX "refund_undos_company_id_idx" ON "refund_undos"("company_id");

-- AddForeignKey
ALTER TABLE "refund_undos" ADD CONSTRAINT "refund_undos_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refund_undos" ADD CONSTRAINT "refund_undos_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refund_undos" ADD CONSTRAINT "refund_undos_refunded_by_user_id_fkey" FOREIGN KEY ("refunded_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refund_undos" ADD CONSTRAINT "refund_undos_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
