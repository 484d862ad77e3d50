-- CreateTable
CREATE TABLE "reference_items" (
    "id" SERIAL NOT NULL,
    "list" TEXT NOT NULL,
    "company_id" INTEGER,
    "name" TEXT NOT NULL,
    "code" TEXT,
    "unique_code" TEXT,
    "parent_id" INTEGER,
    "fields" JSONB NOT NULL DEFAULT '{}',
    "search_text" TEXT NOT NULL DEFAULT '',
    "seed_key" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reference_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "reference_items_list_is_active_name_idx" ON "reference_items"("list", "is_active", "name");

-- CreateIndex
CREATE INDEX "reference_items_list_name_idx" ON "reference_items"("list", "name");

-- CreateIndex
CREATE INDEX "reference_items_company_id_list_is_active_idx" ON "reference_items"("company_id", "list", "is_active");

-- CreateIndex
CREATE INDEX "reference_items_parent_id_name_idx" ON "reference_items"("parent_id", "name");

-- CreateIndex
CREATE INDEX "reference_items_search_text_idx" ON "reference_items" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "reference_items_list_seed_key_key" ON "reference_items"("list", "seed_key");

-- CreateIndex
CREATE UNIQUE INDEX "reference_items_list_company_id_unique_code_key" ON "reference_items"("list", "company_id", "unique_code");

-- AddForeignKey
ALTER TABLE "reference_items" ADD CONSTRAINT "reference_items_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reference_items" ADD CONSTRAINT "reference_items_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "reference_items"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- What Prisma cannot declare (its migration diff leaves these alone):
-- Search is blind to accents and case. unaccent() is only STABLE (its dictionary could change), so
-- an IMMUTABLE wrapper naming its dictionary is what the trigger and the searches call. PostgreSQL
-- and the embedded PGlite both ship the extension.
CREATE EXTENSION IF NOT EXISTS "unaccent";

CREATE FUNCTION immutable_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

-- search_text is stored folded, whoever writes it (API, seed, bulk SQL): searches compare folded
-- text, and a short term scans plain text instead of folding every row. The body is a U& string
-- whose semicolons are written \003B: the project's migration runner splits scripts at every
-- semicolon, even inside a function body.
CREATE FUNCTION reference_items_fold_search_text() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  NEW.search_text := immutable_unaccent(lower(NEW.search_text))\003B
  RETURN NEW\003B
END';

CREATE TRIGGER reference_items_fold_search_text BEFORE INSERT OR UPDATE OF search_text ON "reference_items"
  FOR EACH ROW EXECUTE FUNCTION reference_items_fold_search_text();

-- System rows (company_id null) keep their unique codes unique too: the index above lets nulls repeat.
CREATE UNIQUE INDEX "reference_items_system_unique_code_key" ON "reference_items"("list", "unique_code") WHERE "company_id" IS NULL;
