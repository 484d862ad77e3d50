-- CreateEnum
CREATE TYPE "AgencyExportStatus" AS ENUM ('queued', 'running', 'done', 'failed');

-- CreateTable
CREATE TABLE "agency_exports" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "status" "AgencyExportStatus" NOT NULL DEFAULT 'queued',
    "tables_total" INTEGER NOT NULL DEFAULT 0,
    "tables_done" INTEGER NOT NULL DEFAULT 0,
    "file_key" TEXT,
    "size" INTEGER,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "agency_exports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agency_exports_company_id_created_at_idx" ON "agency_exports"("company_id", "created_at");

-- AddForeignKey
ALTER TABLE "agency_exports" ADD CONSTRAINT "agency_exports_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
