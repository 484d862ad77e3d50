-- CreateEnum
CREATE TYPE "ClientKind" AS ENUM ('person', 'organization');

-- CreateEnum
CREATE TYPE "ClientDocumentType" AS ENUM ('rg', 'passport', 'visa', 'cnh', 'other');

-- CreateEnum
CREATE TYPE "AttendanceStatus" AS ENUM ('open', 'won', 'lost', 'canceled');

-- CreateTable
CREATE TABLE "clients" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "kind" "ClientKind" NOT NULL,
    "name" TEXT NOT NULL,
    "cpf" TEXT,
    "cnpj" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "birth_date" DATE,
    "notes" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "clients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_contacts" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "relationship" TEXT,

    CONSTRAINT "client_contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_addresses" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "postal_code" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "complement" TEXT,
    "neighborhood" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,

    CONSTRAINT "client_addresses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_documents" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "type" "ClientDocumentType" NOT NULL,
    "number" TEXT NOT NULL,
    "issued_at" DATE,
    "expires_at" DATE,

    CONSTRAINT "client_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_attachments" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "file_key" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attendances" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,
    "owner_user_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "destination" TEXT,
    "start_date" DATE,
    "end_date" DATE,
    "adults" INTEGER NOT NULL DEFAULT 1,
    "children" INTEGER NOT NULL DEFAULT 0,
    "infants" INTEGER NOT NULL DEFAULT 0,
    "budget_min_cents" INTEGER,
    "budget_max_cents" INTEGER,
    "value_cents" INTEGER NOT NULL DEFAULT 0,
    "status" "AttendanceStatus" NOT NULL DEFAULT 'open',
    "lost_reason" TEXT,
    "notes" TEXT,
    "cover_image_key" TEXT,
    "consolidated_file_key" TEXT,
    "consolidated_filename" TEXT,
    "consolidated_content_type" TEXT,
    "consolidated_size" INTEGER,
    "consolidated_notes" TEXT,
    "consolidated_at" TIMESTAMP(3),
    "closed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "attendances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attendance_logs" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "attendance_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "action" TEXT NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attendance_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "clients_company_id_name_id_idx" ON "clients"("company_id", "name", "id");

-- CreateIndex
CREATE INDEX "clients_company_id_is_active_name_id_idx" ON "clients"("company_id", "is_active", "name", "id");

-- CreateIndex
CREATE INDEX "clients_company_id_kind_name_id_idx" ON "clients"("company_id", "kind", "name", "id");

-- CreateIndex
CREATE INDEX "clients_company_id_email_idx" ON "clients"("company_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "clients_company_id_cpf_key" ON "clients"("company_id", "cpf");

-- CreateIndex
CREATE UNIQUE INDEX "clients_company_id_cnpj_key" ON "clients"("company_id", "cnpj");

-- CreateIndex
CREATE INDEX "client_contacts_client_id_idx" ON "client_contacts"("client_id");

-- CreateIndex
CREATE INDEX "client_addresses_client_id_idx" ON "client_addresses"("client_id");

-- CreateIndex
CREATE INDEX "client_documents_client_id_idx" ON "client_documents"("client_id");

-- CreateIndex
CREATE UNIQUE INDEX "client_attachments_file_key_key" ON "client_attachments"("file_key");

-- CreateIndex
CREATE INDEX "client_attachments_client_id_created_at_idx" ON "client_attachments"("client_id", "created_at");

-- CreateIndex
CREATE INDEX "attendances_company_id_created_at_id_idx" ON "attendances"("company_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "attendances_company_id_status_created_at_id_idx" ON "attendances"("company_id", "status", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "attendances_company_id_owner_user_id_status_start_date_valu_idx" ON "attendances"("company_id", "owner_user_id", "status", "start_date", "value_cents");

-- CreateIndex
CREATE INDEX "attendances_company_id_client_id_created_at_idx" ON "attendances"("company_id", "client_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "attendances_company_id_status_start_date_value_cents_idx" ON "attendances"("company_id", "status", "start_date", "value_cents");

-- CreateIndex
CREATE INDEX "attendances_company_id_status_closed_at_idx" ON "attendances"("company_id", "status", "closed_at");

-- CreateIndex
CREATE INDEX "attendance_logs_attendance_id_created_at_id_idx" ON "attendance_logs"("attendance_id", "created_at" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "clients" ADD CONSTRAINT "clients_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_documents" ADD CONSTRAINT "client_documents_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_attachments" ADD CONSTRAINT "client_attachments_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_owner_user_id_fkey" FOREIGN KEY ("owner_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attendance_logs" ADD CONSTRAINT "attendance_logs_attendance_id_fkey" FOREIGN KEY ("attendance_id") REFERENCES "attendances"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attendance_logs" ADD CONSTRAINT "attendance_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
