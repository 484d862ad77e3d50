-- LGPD consent to marketing e-mails on clients (when, where, withdrawn), and the opt-in follow-up
-- that e-mails a consenting client about a budget sent and not accepted.
CREATE TYPE "MarketingConsentSource" AS ENUM ('form', 'landing_page', 'import');

ALTER TABLE "clients" ADD COLUMN "marketing_consent_at" TIMESTAMP(3),
ADD COLUMN "marketing_consent_source" "MarketingConsentSource",
ADD COLUMN "marketing_consent_withdrawn_at" TIMESTAMP(3);

ALTER TYPE "FollowUpRule" ADD VALUE 'budget_customer_reminder';
