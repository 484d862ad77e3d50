-- Versions of the rows an agency edits (no lost update): each edit a user makes bumps version and
-- records who made it. A write stating the version it read changes nothing when another came first.
-- AlterTable
ALTER TABLE "attendances" ADD COLUMN     "updated_by_id" INTEGER,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "budgets" ADD COLUMN     "updated_by_id" INTEGER,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "updated_by_id" INTEGER,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "updated_by_id" INTEGER,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "contract_templates" ADD COLUMN     "updated_by_id" INTEGER,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "proposals" ADD COLUMN     "updated_by_id" INTEGER,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "reservations" ADD COLUMN     "updated_by_id" INTEGER,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "services" ADD COLUMN     "updated_by_id" INTEGER,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "suppliers" ADD COLUMN     "updated_by_id" INTEGER,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "tasks" ADD COLUMN     "updated_by_id" INTEGER,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

