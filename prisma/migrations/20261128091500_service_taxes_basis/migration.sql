-- CreateEnum
CREATE TYPE "TaxesBasis" AS ENUM ('booking', 'passenger');

-- AlterTable
ALTER TABLE "services" ADD COLUMN     "taxes_basis" "TaxesBasis" NOT NULL DEFAULT 'booking';
