-- Contas a receber follow-ups: a task N days before an installment's due date and N days after it
-- is overdue (N per agency, follow_up_settings.days), and an opt-in reminder e-mail to the customer.
ALTER TYPE "FollowUpRule" ADD VALUE 'receivable_due_soon';
ALTER TYPE "FollowUpRule" ADD VALUE 'receivable_overdue';
ALTER TYPE "FollowUpRule" ADD VALUE 'receivable_customer_reminder';

-- AlterTable
ALTER TABLE "follow_up_settings" ADD COLUMN     "days" INTEGER;

-- CreateIndex
CREATE INDEX "receivables_status_due_date_idx" ON "receivables"("status", "due_date");
