-- CreateTable
CREATE TABLE "integration_connections" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "auth_kind" TEXT NOT NULL,
    "access_token_enc" TEXT NOT NULL,
    "refresh_token_enc" TEXT,
    "token_expires_at" TIMESTAMP(3),
    "api_domain" TEXT,
    "external_user_id" INTEGER,
    "external_user_email" TEXT,
    "external_company" TEXT,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "webhook_id" INTEGER,
    "webhook_path" TEXT NOT NULL,
    "webhook_user" TEXT NOT NULL,
    "webhook_password_enc" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "last_error" TEXT,
    "connected_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "integration_connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pipedrive_deal_links" (
    "id" SERIAL NOT NULL,
    "attendance_id" INTEGER NOT NULL,
    "company_id" INTEGER NOT NULL,
    "deal_id" INTEGER,
    "person_id" INTEGER,
    "org_id" INTEGER,
    "synced_at" TIMESTAMP(3),
    "last_error" TEXT,
    "last_error_at" TIMESTAMP(3),
    "remote_at" TIMESTAMP(3),
    "pushed_fingerprint" TEXT,

    CONSTRAINT "pipedrive_deal_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pipedrive_webhook_events" (
    "company_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pipedrive_webhook_events_pkey" PRIMARY KEY ("company_id","key")
);

-- CreateIndex
CREATE UNIQUE INDEX "integration_connections_webhook_path_key" ON "integration_connections"("webhook_path");

-- CreateIndex
CREATE UNIQUE INDEX "integration_connections_company_id_provider_key" ON "integration_connections"("company_id", "provider");

-- CreateIndex
CREATE UNIQUE INDEX "pipedrive_deal_links_attendance_id_key" ON "pipedrive_deal_links"("attendance_id");

-- CreateIndex
CREATE INDEX "pipedrive_deal_links_company_id_deal_id_idx" ON "pipedrive_deal_links"("company_id", "deal_id");

-- CreateIndex
CREATE INDEX "pipedrive_webhook_events_received_at_idx" ON "pipedrive_webhook_events"("received_at");

-- AddForeignKey
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pipedrive_deal_links" ADD CONSTRAINT "pipedrive_deal_links_attendance_id_fkey" FOREIGN KEY ("attendance_id") REFERENCES "attendances"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pipedrive_deal_links" ADD CONSTRAINT "pipedrive_deal_links_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
