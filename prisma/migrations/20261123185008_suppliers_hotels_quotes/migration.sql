-- CreateEnum
CREATE TYPE "ServiceType" AS ENUM ('air', 'accommodation', 'cruise', 'car_rental', 'insurance', 'ground_services', 'other');

-- CreateEnum
CREATE TYPE "PixKeyType" AS ENUM ('cpf', 'cnpj', 'email', 'phone', 'random');

-- CreateEnum
CREATE TYPE "BankAccountType" AS ENUM ('checking', 'savings', 'payment');

-- CreateEnum
CREATE TYPE "PaymentMethodKind" AS ENUM ('pix', 'boleto', 'credit_card', 'transfer', 'cash', 'invoiced');

-- CreateEnum
CREATE TYPE "CurrencyQuoteSource" AS ENUM ('manual', 'automatic');

-- CreateTable
CREATE TABLE "suppliers" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "kind" "ClientKind" NOT NULL,
    "name" TEXT NOT NULL,
    "trade_name" TEXT,
    "cpf" TEXT,
    "cnpj" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "website" TEXT,
    "service_types" "ServiceType"[],
    "commission_basis_points" INTEGER,
    "notes" TEXT,
    "postal_code" TEXT,
    "street" TEXT,
    "number" TEXT,
    "complement" TEXT,
    "neighborhood" TEXT,
    "city" TEXT,
    "state" TEXT,
    "bank_code" TEXT,
    "bank_name" TEXT,
    "bank_branch" TEXT,
    "bank_account" TEXT,
    "bank_account_type" "BankAccountType",
    "bank_holder_name" TEXT,
    "bank_holder_document" TEXT,
    "pix_key_type" "PixKeyType",
    "pix_key" TEXT,
    "client_id" INTEGER,
    "search_text" TEXT NOT NULL DEFAULT '',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "suppliers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "supplier_contacts" (
    "id" SERIAL NOT NULL,
    "supplier_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "role" TEXT,

    CONSTRAINT "supplier_contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_methods" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "kind" "PaymentMethodKind" NOT NULL,
    "name" TEXT NOT NULL,
    "pix_key_type" "PixKeyType",
    "pix_key" TEXT,
    "max_installments" INTEGER NOT NULL DEFAULT 1,
    "installment_interest" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "min_installment_cents" INTEGER,
    "due_days" INTEGER,
    "instructions" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payment_methods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_method_card_brands" (
    "payment_method_id" INTEGER NOT NULL,
    "card_brand_id" INTEGER NOT NULL,

    CONSTRAINT "payment_method_card_brands_pkey" PRIMARY KEY ("payment_method_id","card_brand_id")
);

-- CreateTable
CREATE TABLE "currency_quotes" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER,
    "currency" TEXT NOT NULL,
    "rate" DECIMAL(14,6),
    "source" "CurrencyQuoteSource",
    "quoted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "currency_quotes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "currency_quote_history" (
    "id" SERIAL NOT NULL,
    "currency_quote_id" INTEGER NOT NULL,
    "rate" DECIMAL(14,6) NOT NULL,
    "source" "CurrencyQuoteSource" NOT NULL,
    "user_id" INTEGER,
    "quoted_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "currency_quote_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "favorite_hotels" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "city_id" INTEGER,
    "location" TEXT,
    "stars" INTEGER,
    "address" TEXT,
    "phone" TEXT,
    "email" TEXT,
    "website" TEXT,
    "supplier_id" INTEGER,
    "notes" TEXT,
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "favorite_hotels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "favorite_hotel_options" (
    "favorite_hotel_id" INTEGER NOT NULL,
    "reference_item_id" INTEGER NOT NULL,

    CONSTRAINT "favorite_hotel_options_pkey" PRIMARY KEY ("favorite_hotel_id","reference_item_id")
);

-- CreateTable
CREATE TABLE "media" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "favorite_hotel_id" INTEGER,
    "key" TEXT NOT NULL,
    "variants" JSONB NOT NULL DEFAULT '{}',
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "caption" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "is_cover" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "media_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "suppliers_client_id_key" ON "suppliers"("client_id");

-- CreateIndex
CREATE INDEX "suppliers_company_id_is_active_name_id_idx" ON "suppliers"("company_id", "is_active", "name", "id");

-- CreateIndex
CREATE INDEX "suppliers_company_id_name_id_idx" ON "suppliers"("company_id", "name", "id");

-- CreateIndex
CREATE INDEX "suppliers_service_types_idx" ON "suppliers" USING GIN ("service_types");

-- CreateIndex
CREATE INDEX "suppliers_search_text_idx" ON "suppliers" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "suppliers_company_id_cpf_key" ON "suppliers"("company_id", "cpf");

-- CreateIndex
CREATE UNIQUE INDEX "suppliers_company_id_cnpj_key" ON "suppliers"("company_id", "cnpj");

-- CreateIndex
CREATE INDEX "supplier_contacts_supplier_id_idx" ON "supplier_contacts"("supplier_id");

-- CreateIndex
CREATE INDEX "payment_methods_company_id_is_active_name_idx" ON "payment_methods"("company_id", "is_active", "name");

-- CreateIndex
CREATE INDEX "payment_method_card_brands_card_brand_id_idx" ON "payment_method_card_brands"("card_brand_id");

-- CreateIndex
CREATE UNIQUE INDEX "currency_quotes_company_id_currency_key" ON "currency_quotes"("company_id", "currency");

-- CreateIndex
CREATE INDEX "currency_quote_history_currency_quote_id_quoted_at_idx" ON "currency_quote_history"("currency_quote_id", "quoted_at" DESC);

-- CreateIndex
CREATE INDEX "favorite_hotels_company_id_name_id_idx" ON "favorite_hotels"("company_id", "name", "id");

-- CreateIndex
CREATE INDEX "favorite_hotels_company_id_city_id_idx" ON "favorite_hotels"("company_id", "city_id");

-- CreateIndex
CREATE INDEX "favorite_hotels_supplier_id_idx" ON "favorite_hotels"("supplier_id");

-- CreateIndex
CREATE INDEX "favorite_hotels_search_text_idx" ON "favorite_hotels" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "favorite_hotel_options_reference_item_id_idx" ON "favorite_hotel_options"("reference_item_id");

-- CreateIndex
CREATE UNIQUE INDEX "media_key_key" ON "media"("key");

-- CreateIndex
CREATE INDEX "media_company_id_idx" ON "media"("company_id");

-- CreateIndex
CREATE INDEX "media_favorite_hotel_id_position_idx" ON "media"("favorite_hotel_id", "position");

-- AddForeignKey
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "supplier_contacts" ADD CONSTRAINT "supplier_contacts_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "suppliers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_method_card_brands" ADD CONSTRAINT "payment_method_card_brands_payment_method_id_fkey" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_method_card_brands" ADD CONSTRAINT "payment_method_card_brands_card_brand_id_fkey" FOREIGN KEY ("card_brand_id") REFERENCES "reference_items"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "currency_quotes" ADD CONSTRAINT "currency_quotes_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "currency_quote_history" ADD CONSTRAINT "currency_quote_history_currency_quote_id_fkey" FOREIGN KEY ("currency_quote_id") REFERENCES "currency_quotes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "currency_quote_history" ADD CONSTRAINT "currency_quote_history_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favorite_hotels" ADD CONSTRAINT "favorite_hotels_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favorite_hotels" ADD CONSTRAINT "favorite_hotels_city_id_fkey" FOREIGN KEY ("city_id") REFERENCES "reference_items"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favorite_hotels" ADD CONSTRAINT "favorite_hotels_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "suppliers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favorite_hotel_options" ADD CONSTRAINT "favorite_hotel_options_favorite_hotel_id_fkey" FOREIGN KEY ("favorite_hotel_id") REFERENCES "favorite_hotels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favorite_hotel_options" ADD CONSTRAINT "favorite_hotel_options_reference_item_id_fkey" FOREIGN KEY ("reference_item_id") REFERENCES "reference_items"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "media" ADD CONSTRAINT "media_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "media" ADD CONSTRAINT "media_favorite_hotel_id_fkey" FOREIGN KEY ("favorite_hotel_id") REFERENCES "favorite_hotels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- search_text is derived from the searchable columns (a hotel's: also its city's name) by the database itself, folded (lower case,
-- no accents) like reference_items', so any writer keeps it right. Function bodies are U& strings
-- with semicolons written \003B: the migration runner splits scripts at every semicolon.
CREATE FUNCTION suppliers_search_text() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  NEW.search_text := immutable_unaccent(lower(concat_ws(\0027 \0027, NEW.name, NEW.trade_name, NEW.email, NEW.cpf, NEW.cnpj)))\003B
  RETURN NEW\003B
END';

CREATE TRIGGER suppliers_search_text BEFORE INSERT OR UPDATE ON "suppliers"
  FOR EACH ROW EXECUTE FUNCTION suppliers_search_text();

CREATE FUNCTION favorite_hotels_search_text() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  NEW.search_text := immutable_unaccent(lower(concat_ws(\0027 \0027, NEW.name, NEW.location, NEW.address,
    (SELECT r.name FROM reference_items r WHERE r.id = NEW.city_id))))\003B
  RETURN NEW\003B
END';

CREATE TRIGGER favorite_hotels_search_text BEFORE INSERT OR UPDATE ON "favorite_hotels"
  FOR EACH ROW EXECUTE FUNCTION favorite_hotels_search_text();

-- A hotel's photos have one cover at most.
CREATE UNIQUE INDEX "media_one_cover_per_hotel" ON "media"("favorite_hotel_id") WHERE "is_cover";

-- The system's quotes (company_id null) are one per currency too: the unique index above lets nulls repeat.
CREATE UNIQUE INDEX "currency_quotes_system_currency_key" ON "currency_quotes"("currency") WHERE "company_id" IS NULL;

-- A stars rating is 1 to 5, an installment count 1 to 24.
ALTER TABLE "favorite_hotels" ADD CONSTRAINT "favorite_hotels_stars_check" CHECK ("stars" BETWEEN 1 AND 5);
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_max_installments_check" CHECK ("max_installments" BETWEEN 1 AND 24);
