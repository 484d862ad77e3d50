-- CreateTable
CREATE TABLE "company_closures" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "company_name" TEXT NOT NULL,
    "requested_by_user_id" INTEGER NOT NULL,
    "requested_by_name" TEXT NOT NULL,
    "requested_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "scheduled_for" TIMESTAMP(3) NOT NULL,
    "cancelled_at" TIMESTAMP(3),
    "cancelled_by_user_id" INTEGER,
    "deleted_at" TIMESTAMP(3),
    "notify_emails" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "company_closures_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "company_closures_company_id_requested_at_idx" ON "company_closures"("company_id", "requested_at");

-- CreateIndex
CREATE INDEX "company_closures_scheduled_for_idx" ON "company_closures"("scheduled_for");
