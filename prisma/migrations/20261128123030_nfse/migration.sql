-- NFS-e (plan feature nfse): the agency's fiscal settings and the note issued from a sale.
-- CreateTable
CREATE TABLE "nfse_settings" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "cnpj" TEXT NOT NULL,
    "municipal_registration" TEXT NOT NULL,
    "city_code" TEXT NOT NULL,
    "tax_regime" TEXT NOT NULL,
    "service_code" TEXT NOT NULL,
    "service_description" TEXT NOT NULL,
    "iss_rate_basis_points" INTEGER NOT NULL,
    "basis" TEXT NOT NULL,
    "issuer" TEXT NOT NULL DEFAULT 'national',
    "environment" TEXT NOT NULL DEFAULT 'homologacao',
    "certificate_sealed" TEXT,
    "password_sealed" TEXT,
    "certificate_subject" TEXT,
    "certificate_valid_until" TIMESTAMP(3),
    "dps_series" TEXT NOT NULL DEFAULT '1',
    "next_dps_number" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "nfse_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "nfse_settings_tax_regime_check" CHECK ("tax_regime" IN ('simples_nacional', 'lucro_presumido', 'mei')),
    CONSTRAINT "nfse_settings_basis_check" CHECK ("basis" IN ('intermediacao', 'venda')),
    CONSTRAINT "nfse_settings_issuer_check" CHECK ("issuer" IN ('national')),
    CONSTRAINT "nfse_settings_environment_check" CHECK ("environment" IN ('homologacao', 'producao')),
    CONSTRAINT "nfse_settings_next_dps_number_check" CHECK ("next_dps_number" > 0)
);

-- CreateTable
CREATE TABLE "nfse_notes" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "sale_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "environment" TEXT NOT NULL,
    "dps_series" TEXT NOT NULL,
    "dps_number" INTEGER NOT NULL,
    "dps_id" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "iss_cents" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "number" TEXT,
    "access_key" TEXT,
    "xml" TEXT,
    "pdf_key" TEXT,
    "errors" JSONB NOT NULL DEFAULT '[]',
    "requested_by_id" INTEGER,
    "authorized_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "nfse_notes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "nfse_notes_status_check" CHECK ("status" IN ('pending', 'authorized', 'rejected'))
);

-- CreateIndex
CREATE UNIQUE INDEX "nfse_settings_company_id_key" ON "nfse_settings"("company_id");

-- CreateIndex
CREATE UNIQUE INDEX "nfse_notes_sale_id_key" ON "nfse_notes"("sale_id");

-- CreateIndex
CREATE UNIQUE INDEX "nfse_notes_company_id_environment_dps_series_dps_number_key" ON "nfse_notes"("company_id", "environment", "dps_series", "dps_number");

-- CreateIndex
CREATE INDEX "nfse_notes_company_id_created_at_idx" ON "nfse_notes"("company_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "nfse_settings" ADD CONSTRAINT "nfse_settings_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "nfse_notes" ADD CONSTRAINT "nfse_notes_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "nfse_notes" ADD CONSTRAINT "nfse_notes_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
