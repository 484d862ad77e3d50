-- The agency may issue the NFS-e on its own once a sale's last installment is received
ALTER TABLE "nfse_settings" ADD COLUMN "auto_issue" BOOLEAN NOT NULL DEFAULT false;
