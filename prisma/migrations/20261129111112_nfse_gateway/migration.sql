-- The gateway issuer: the agency's token (sealed like the certificate) and, on each note sent
-- through it, the reference the gateway knows it by (its idempotency key, kept for the cancellation).
ALTER TABLE "nfse_settings" ADD COLUMN "gateway_token_sealed" TEXT;
ALTER TABLE "nfse_settings" DROP CONSTRAINT "nfse_settings_issuer_check";
ALTER TABLE "nfse_settings" ADD CONSTRAINT "nfse_settings_issuer_check" CHECK ("issuer" IN ('national', 'gateway'));
ALTER TABLE "nfse_notes" ADD COLUMN "gateway_ref" TEXT;
