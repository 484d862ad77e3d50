-- Who the agency is on its contracts: CNPJ (digits), the Cadastur registration of the Ministerio do
-- Turismo (as the agency writes it) and the parts of its address that city and state lacked.
ALTER TABLE "companies" ADD COLUMN     "cadastur" TEXT,
ADD COLUMN     "cnpj" TEXT,
ADD COLUMN     "complement" TEXT,
ADD COLUMN     "neighborhood" TEXT,
ADD COLUMN     "postal_code" TEXT,
ADD COLUMN     "street" TEXT,
ADD COLUMN     "street_number" TEXT;
