-- DropIndex
DROP INDEX "attendances_destination_idx";

-- DropIndex
DROP INDEX "attendances_title_idx";

-- DropIndex
DROP INDEX "clients_cnpj_idx";

-- DropIndex
DROP INDEX "clients_cpf_idx";

-- DropIndex
DROP INDEX "clients_email_idx";

-- DropIndex
DROP INDEX "clients_name_idx";

-- AlterTable
ALTER TABLE "attendances" ADD COLUMN     "search_text" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "search_text" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "attendances_search_text_idx" ON "attendances" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "clients_search_text_idx" ON "clients" USING GIN ("search_text" gin_trgm_ops);

-- Search is blind to accents and case (issue 19): each table keeps one folded text with a trigram
-- index, written by the database whoever writes the row (API, imports, bulk SQL). Function bodies
-- are U& strings with \003B for semicolons, as in the suppliers migration.

-- A client: name and e-mail folded, with CPF, CNPJ (stored as digits) and the phone digits, so
-- '(11) 98765-4321' and '529.982.247-25' are found with or without punctuation.
CREATE FUNCTION clients_search_text() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  NEW.search_text := concat_ws(\0027 \0027, immutable_unaccent(lower(NEW.name)), immutable_unaccent(lower(NEW.email)),
    NEW.cpf, NEW.cnpj, nullif(regexp_replace(coalesce(NEW.phone, \0027\0027), \0027[^0-9]\0027, \0027\0027, \0027g\0027), \0027\0027))\003B
  RETURN NEW\003B
END';

CREATE TRIGGER clients_search_text BEFORE INSERT OR UPDATE OF name, email, cpf, cnpj, phone ON "clients"
  FOR EACH ROW EXECUTE FUNCTION clients_search_text();

-- An attendance: title, destination and its client's name, folded.
CREATE FUNCTION attendances_search_text() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  NEW.search_text := immutable_unaccent(lower(concat_ws(\0027 \0027, NEW.title, NEW.destination,
    (SELECT c.name FROM clients c WHERE c.id = NEW.client_id))))\003B
  RETURN NEW\003B
END';

CREATE TRIGGER attendances_search_text BEFORE INSERT OR UPDATE OF title, destination, client_id ON "attendances"
  FOR EACH ROW EXECUTE FUNCTION attendances_search_text();

-- A renamed client is found under the new name in its attendances at once.
CREATE FUNCTION clients_rename_attendances() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  UPDATE attendances a SET search_text = immutable_unaccent(lower(concat_ws(\0027 \0027, a.title, a.destination, NEW.name)))
    WHERE a.client_id = NEW.id\003B
  RETURN NULL\003B
END';

CREATE TRIGGER clients_rename_attendances AFTER UPDATE OF name ON "clients"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION clients_rename_attendances();

UPDATE "clients" SET search_text = concat_ws(' ', immutable_unaccent(lower(name)), immutable_unaccent(lower(email)),
  cpf, cnpj, nullif(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), ''));

UPDATE "attendances" a SET search_text = immutable_unaccent(lower(concat_ws(' ', a.title, a.destination, c.name)))
  FROM "clients" c WHERE c.id = a.client_id;

-- A search walks the agency's rows in the list's order and tests the folded text on the index alone
-- (an index-only scan, no table read per row): a common name finds its first hundred matches by
-- reading a few thousand index entries (0.4 ms for 'noronha' in 200,000 attendances, 5 ms through
-- the table). A rare term reads the trigram index instead.
CREATE INDEX "attendances_search_walk_idx" ON "attendances" ("company_id", "created_at" DESC, "id" DESC) INCLUDE ("search_text");
-- The funnel's columns under a search walk each status the same way, and count and sum its matches
-- to the cap from the index alone.
CREATE INDEX "attendances_status_search_walk_idx" ON "attendances" ("company_id", "status", "created_at" DESC, "id" DESC) INCLUDE ("search_text", "value_cents");
CREATE INDEX "clients_search_walk_idx" ON "clients" ("company_id", "name", "id") INCLUDE ("search_text");
