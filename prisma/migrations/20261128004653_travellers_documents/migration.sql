-- CreateEnum
CREATE TYPE "CompanionRelationship" AS ENUM ('spouse', 'child', 'parent', 'sibling', 'other');

-- AlterTable
ALTER TABLE "attendances" ADD COLUMN     "children_ages" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- AlterTable
ALTER TABLE "budget_paxes" ADD COLUMN     "age" INTEGER,
ADD COLUMN     "document_country" TEXT,
ADD COLUMN     "document_expires_at" DATE,
ADD COLUMN     "email" TEXT,
ADD COLUMN     "phone" TEXT;

-- AlterTable
ALTER TABLE "budgets" ADD COLUMN     "destination_country" TEXT;

-- AlterTable
ALTER TABLE "client_documents" ADD COLUMN     "country" TEXT;

-- CreateTable
CREATE TABLE "client_companions" (
    "company_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,
    "companion_client_id" INTEGER NOT NULL,
    "relationship" "CompanionRelationship" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_companions_pkey" PRIMARY KEY ("client_id","companion_client_id")
);

-- CreateIndex
CREATE INDEX "client_companions_companion_client_id_idx" ON "client_companions"("companion_client_id");

-- CreateIndex
CREATE INDEX "client_companions_company_id_idx" ON "client_companions"("company_id");

-- AddForeignKey
ALTER TABLE "client_companions" ADD CONSTRAINT "client_companions_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_companions" ADD CONSTRAINT "client_companions_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_companions" ADD CONSTRAINT "client_companions_companion_client_id_fkey" FOREIGN KEY ("companion_client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;
