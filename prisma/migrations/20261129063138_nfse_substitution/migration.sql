-- NFS-e substitution: a new note of the same sale whose DPS names the authorized note it replaces
-- (group subst: its access key, a 2-digit reason code and a justification). The Sefin Nacional
-- cancels the replaced note by substitution (event 105102) when it authorizes the new one, which
-- then goes substituted here. A sale keeps one first note, and a note at most one substitute.
ALTER TABLE "nfse_notes" DROP CONSTRAINT "nfse_notes_status_check";
ALTER TABLE "nfse_notes" ADD CONSTRAINT "nfse_notes_status_check"
  CHECK ("status" IN ('pending', 'authorized', 'rejected', 'canceling', 'canceled', 'substituted'));
ALTER TABLE "nfse_notes"
  ADD COLUMN "substitutes_note_id" INTEGER,
  ADD COLUMN "substitution_reason" TEXT,
  ADD COLUMN "substitution_justification" TEXT,
  ADD CONSTRAINT "nfse_notes_substitution_reason_check" CHECK ("substitution_reason" IN ('01', '02', '03', '04', '05', '99')),
  ADD CONSTRAINT "nfse_notes_substitutes_note_id_fkey" FOREIGN KEY ("substitutes_note_id") REFERENCES "nfse_notes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE UNIQUE INDEX "nfse_notes_substitutes_note_id_key" ON "nfse_notes"("substitutes_note_id");
DROP INDEX "nfse_notes_sale_id_key";
CREATE UNIQUE INDEX "nfse_notes_sale_id_key" ON "nfse_notes"("sale_id") WHERE "substitutes_note_id" IS NULL;
-- The sale's current note: its newest
CREATE INDEX "nfse_notes_sale_id_id_idx" ON "nfse_notes"("sale_id", "id" DESC);
