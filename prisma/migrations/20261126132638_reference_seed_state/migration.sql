-- CreateTable
CREATE TABLE "reference_seed_state" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "fingerprint" TEXT NOT NULL,
    "counts" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reference_seed_state_pkey" PRIMARY KEY ("id"),
    -- One row: the state of the system's reference lists.
    CONSTRAINT "reference_seed_state_one_row" CHECK ("id" = 1)
);
