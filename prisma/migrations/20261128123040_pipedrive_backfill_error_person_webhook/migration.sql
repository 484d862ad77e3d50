-- Why the last Pipedrive backfill stopped before its end (its job out of attempts), shown on the card.
ALTER TABLE "integration_connections" ADD COLUMN "backfill_error" TEXT;

-- The persons webhooks v2 subscription registered beside the deals one.
ALTER TABLE "integration_connections" ADD COLUMN "person_webhook_id" INTEGER;

-- The newest person event applied to the client, so an older one never overwrites it.
ALTER TABLE "pipedrive_deal_links" ADD COLUMN "person_remote_at" TIMESTAMP(3);
