-- Document numbers are sealed by the application (AES-256-GCM, the key is not in the database):
-- the columns are renamed to what they hold once the API's startup step has sealed every row.
-- A row whose hash is still NULL holds plaintext, and the step seals it (idempotent).
ALTER TABLE "client_documents" RENAME COLUMN "number" TO "number_sealed";
ALTER TABLE "client_documents" ADD COLUMN "number_hash" TEXT;
CREATE INDEX "client_documents_number_hash_idx" ON "client_documents"("number_hash");

ALTER TABLE "budget_paxes" RENAME COLUMN "document_number" TO "document_number_sealed";
ALTER TABLE "budget_paxes" ADD COLUMN "document_number_hash" TEXT;

-- The agency's period for the personal-data audit entries (the owner sets it).
ALTER TABLE "companies" ADD COLUMN "personal_data_retention_days" INTEGER NOT NULL DEFAULT 365;

CREATE TABLE "personal_data_accesses" (
    "id" BIGSERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "record_type" TEXT NOT NULL,
    "record_id" INTEGER,
    "detail" TEXT,
    "ip_address" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "personal_data_accesses_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "personal_data_accesses_company_id_created_at_idx" ON "personal_data_accesses"("company_id", "created_at");
CREATE INDEX "personal_data_accesses_created_at_idx" ON "personal_data_accesses"("created_at");
ALTER TABLE "personal_data_accesses" ADD CONSTRAINT "personal_data_accesses_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
