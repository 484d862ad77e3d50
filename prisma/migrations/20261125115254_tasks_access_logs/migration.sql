-- CreateEnum
CREATE TYPE "TaskStatus" AS ENUM ('to_do', 'doing', 'on_hold', 'done');

-- CreateEnum
CREATE TYPE "TaskPriority" AS ENUM ('low', 'normal', 'high', 'urgent');

-- CreateEnum
CREATE TYPE "TaskLogAction" AS ENUM ('created', 'updated', 'advanced', 'deleted');

-- CreateEnum
CREATE TYPE "FollowUpRule" AS ENUM ('budget_not_opened', 'budget_not_accepted', 'trip_starting', 'passport_expiring', 'supplier_payment_due');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AttendanceLogAction" ADD VALUE 'task_created';
ALTER TYPE "AttendanceLogAction" ADD VALUE 'task_done';
ALTER TYPE "AttendanceLogAction" ADD VALUE 'follow_up';

-- CreateTable
CREATE TABLE "tasks" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "attendance_id" INTEGER,
    "assignee_user_id" INTEGER,
    "created_by_user_id" INTEGER,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "due_date" DATE,
    "due_time" TEXT,
    "status" "TaskStatus" NOT NULL DEFAULT 'to_do',
    "priority" "TaskPriority" NOT NULL DEFAULT 'normal',
    "position" INTEGER NOT NULL DEFAULT 0,
    "source_key" TEXT,
    "completed_at" TIMESTAMP(3),
    "reminder_sent_at" TIMESTAMP(3),
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "task_logs" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "task_id" INTEGER,
    "task_title" TEXT NOT NULL,
    "user_id" INTEGER,
    "action" "TaskLogAction" NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "task_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "follow_up_settings" (
    "company_id" INTEGER NOT NULL,
    "rule" "FollowUpRule" NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "follow_up_settings_pkey" PRIMARY KEY ("company_id","rule")
);

-- CreateTable
CREATE TABLE "access_logs" (
    "id" BIGSERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "controller" TEXT NOT NULL,
    "resource_id" INTEGER,
    "ip_address" TEXT,
    "active_time" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "access_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "tasks_company_id_status_position_id_idx" ON "tasks"("company_id", "status", "position", "id");

-- CreateIndex
CREATE INDEX "tasks_company_id_assignee_user_id_status_idx" ON "tasks"("company_id", "assignee_user_id", "status");

-- CreateIndex
CREATE INDEX "tasks_company_id_due_date_idx" ON "tasks"("company_id", "due_date");

-- CreateIndex
CREATE INDEX "tasks_attendance_id_idx" ON "tasks"("attendance_id");

-- CreateIndex
CREATE INDEX "tasks_search_text_idx" ON "tasks" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "tasks_company_id_source_key_key" ON "tasks"("company_id", "source_key");

-- CreateIndex
CREATE INDEX "task_logs_task_id_created_at_idx" ON "task_logs"("task_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "task_logs_company_id_created_at_idx" ON "task_logs"("company_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "access_logs_created_at_idx" ON "access_logs"("created_at");

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_attendance_id_fkey" FOREIGN KEY ("attendance_id") REFERENCES "attendances"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_user_id_fkey" FOREIGN KEY ("assignee_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follow_up_settings" ADD CONSTRAINT "follow_up_settings_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_logs" ADD CONSTRAINT "access_logs_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A task's search text (title, description) is folded by the database like the budgets' (see the
-- suppliers' migration for why function bodies are U& strings with \003B for semicolons).
CREATE FUNCTION tasks_search_text() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  NEW.search_text := immutable_unaccent(lower(concat_ws(\0027 \0027, NEW.title, NEW.description)))\003B
  RETURN NEW\003B
END';

CREATE TRIGGER tasks_search_text BEFORE INSERT OR UPDATE OF title, description ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION tasks_search_text();

ALTER TABLE "tasks" ADD CONSTRAINT "tasks_due_time_check" CHECK (due_time IS NULL OR due_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
ALTER TABLE "access_logs" ADD CONSTRAINT "access_logs_active_time_check" CHECK (active_time >= 0);

-- The access-log report reads an agency's rows of a period and sums them per user and screen from
-- the index alone.
CREATE INDEX "access_logs_report_idx" ON "access_logs" ("company_id", "created_at") INCLUDE ("user_id", "controller", "active_time");
