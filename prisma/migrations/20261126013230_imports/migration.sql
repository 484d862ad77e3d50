-- CreateEnum
CREATE TYPE "ImportKind" AS ENUM ('clients', 'organizations', 'suppliers');

-- CreateEnum
CREATE TYPE "ImportStatus" AS ENUM ('uploaded', 'queued', 'running', 'done', 'failed');

-- CreateTable
CREATE TABLE "imports" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "kind" "ImportKind" NOT NULL,
    "status" "ImportStatus" NOT NULL DEFAULT 'uploaded',
    "filename" TEXT NOT NULL,
    "file_key" TEXT NOT NULL,
    "file_size" INTEGER NOT NULL,
    "format" TEXT NOT NULL,
    "encoding" TEXT,
    "delimiter" TEXT,
    "headers" TEXT[],
    "mapping" JSONB NOT NULL DEFAULT '{}',
    "update_existing" BOOLEAN NOT NULL DEFAULT false,
    "total_rows" INTEGER,
    "processed_rows" INTEGER NOT NULL DEFAULT 0,
    "created_count" INTEGER NOT NULL DEFAULT 0,
    "updated_count" INTEGER NOT NULL DEFAULT 0,
    "rejected_count" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_rejections" (
    "id" BIGSERIAL NOT NULL,
    "import_id" INTEGER NOT NULL,
    "company_id" INTEGER NOT NULL,
    "row_number" INTEGER NOT NULL,
    "data" TEXT[],
    "reasons" TEXT[],

    CONSTRAINT "import_rejections_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "imports_company_id_created_at_idx" ON "imports"("company_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "imports_status_idx" ON "imports"("status");

-- CreateIndex
CREATE INDEX "import_rejections_company_id_idx" ON "import_rejections"("company_id");

-- CreateIndex
CREATE UNIQUE INDEX "import_rejections_import_id_row_number_key" ON "import_rejections"("import_id", "row_number");

-- AddForeignKey
ALTER TABLE "imports" ADD CONSTRAINT "imports_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_rejections" ADD CONSTRAINT "import_rejections_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_rejections" ADD CONSTRAINT "import_rejections_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
