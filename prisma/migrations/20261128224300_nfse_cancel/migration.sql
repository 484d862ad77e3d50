-- NFS-e cancellation (event e101101 of the national layout): a note goes canceling while the event
-- is on its way and canceled once the authority registered it. The reason code, the justification
-- and the event's XML are kept.
ALTER TABLE "nfse_notes" DROP CONSTRAINT "nfse_notes_status_check";
ALTER TABLE "nfse_notes" ADD CONSTRAINT "nfse_notes_status_check"
  CHECK ("status" IN ('pending', 'authorized', 'rejected', 'canceling', 'canceled'));
ALTER TABLE "nfse_notes"
  ADD COLUMN "cancel_reason" TEXT,
  ADD COLUMN "cancel_justification" TEXT,
  ADD COLUMN "canceled_at" TIMESTAMP(3),
  ADD COLUMN "cancel_xml" TEXT,
  ADD CONSTRAINT "nfse_notes_cancel_reason_check" CHECK ("cancel_reason" IN ('1', '2', '9'));
