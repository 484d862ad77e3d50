-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateIndex
CREATE INDEX "attendances_title_idx" ON "attendances" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "attendances_destination_idx" ON "attendances" USING GIN ("destination" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "clients_name_idx" ON "clients" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "clients_email_idx" ON "clients" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "clients_cpf_idx" ON "clients" USING GIN ("cpf" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "clients_cnpj_idx" ON "clients" USING GIN ("cnpj" gin_trgm_ops);
