-- A payment became overdue: the seller's bell, once per installment (the sweep marks what it told).
ALTER TYPE "NotificationKind" ADD VALUE 'payment_overdue';

-- AlterTable
ALTER TABLE "receivables" ADD COLUMN     "overdue_notified_at" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "receivables_status_overdue_notified_at_due_date_idx" ON "receivables"("status", "overdue_notified_at", "due_date");
