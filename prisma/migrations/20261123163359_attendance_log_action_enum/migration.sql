-- CreateEnum
CREATE TYPE "AttendanceLogAction" AS ENUM ('created', 'updated', 'owner_changed', 'won', 'lost', 'canceled', 'reopened', 'consolidated_updated');

-- AlterTable: the rows keep their action (the app only ever wrote these values).
ALTER TABLE "attendance_logs" ALTER COLUMN "action" TYPE "AttendanceLogAction" USING ("action"::"AttendanceLogAction");
