-- CreateTable
CREATE TABLE "mail_deliveries" (
    "key" TEXT NOT NULL,
    "job_run" TEXT NOT NULL,
    "claimed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),

    CONSTRAINT "mail_deliveries_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "mail_deliveries_sent_at_idx" ON "mail_deliveries"("sent_at");
