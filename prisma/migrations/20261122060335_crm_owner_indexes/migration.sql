-- CreateIndex
CREATE INDEX "attendances_company_id_owner_user_id_created_at_id_idx" ON "attendances"("company_id", "owner_user_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "attendances_company_id_owner_user_id_status_created_at_id_idx" ON "attendances"("company_id", "owner_user_id", "status", "created_at" DESC, "id" DESC);
