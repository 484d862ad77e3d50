-- "Notas fiscais": the list and the accountant's monthly export read a note by the moment it was
-- issued (authorized), or asked for while it is not, newest first, optionally by status.
ALTER TABLE "nfse_notes" ADD COLUMN "issued_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
UPDATE "nfse_notes" SET "issued_at" = COALESCE("authorized_at", "created_at");
DROP INDEX "nfse_notes_company_id_created_at_idx";
CREATE INDEX "nfse_notes_company_id_issued_at_id_idx" ON "nfse_notes"("company_id", "issued_at" DESC, "id" DESC);
CREATE INDEX "nfse_notes_company_id_status_issued_at_id_idx" ON "nfse_notes"("company_id", "status", "issued_at" DESC, "id" DESC);
