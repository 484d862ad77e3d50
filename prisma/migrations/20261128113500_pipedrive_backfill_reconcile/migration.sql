-- Backfill of open attendances (progress, resumable cursor), the nightly reconcile report, and the
-- moment the token stopped working (one e-mail to the owner per time).
ALTER TABLE "integration_connections"
    ADD COLUMN "backfill_total" INTEGER,
    ADD COLUMN "backfill_done" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "backfill_cursor" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "backfill_until_id" INTEGER,
    ADD COLUMN "backfill_started_at" TIMESTAMP(3),
    ADD COLUMN "backfill_finished_at" TIMESTAMP(3),
    ADD COLUMN "reconciled_at" TIMESTAMP(3),
    ADD COLUMN "reconcile_report" JSONB,
    ADD COLUMN "token_invalid_at" TIMESTAMP(3);
