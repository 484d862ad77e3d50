-- The follow-up job (apps/api/src/modules/tasks/follow-ups.service.ts) looks across every agency,
-- so its reads start with the rule's own columns, each index only as large as the rows it can pick.
-- Reminders not yet sent of follow-up tasks:
CREATE INDEX "tasks_follow_up_reminders_idx" ON "tasks" ("id") WHERE "reminder_sent_at" IS NULL AND "source_key" LIKE 'follow-up:%';
-- Budgets sent and waiting (not opened / not accepted), by when they were sent:
CREATE INDEX "budgets_sent_waiting_idx" ON "budgets" ("sent_at") WHERE "status" = 'sent';
-- Trips about to start: budgets on the table and open or won attendances, by start date:
CREATE INDEX "budgets_trip_start_idx" ON "budgets" ("start_date") WHERE "status" IN ('sent', 'accepted');
CREATE INDEX "attendances_trip_start_idx" ON "attendances" ("start_date") WHERE "status" IN ('open', 'won');
