-- The report reads access_log_days now: the covering index would only slow the beacons' inserts.
DROP INDEX "access_logs_report_idx";

-- CreateTable
CREATE TABLE "access_log_days" (
    "company_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "user_id" INTEGER NOT NULL,
    "controller" TEXT NOT NULL,
    "active_time" BIGINT NOT NULL,
    "visits" INTEGER NOT NULL,
    "last_access" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "access_log_days_pkey" PRIMARY KEY ("company_id","day","user_id","controller")
);

-- CreateIndex
CREATE INDEX "access_log_days_day_idx" ON "access_log_days"("day");

-- AddForeignKey
ALTER TABLE "access_log_days" ADD CONSTRAINT "access_log_days_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "access_log_days" ADD CONSTRAINT "access_log_days_sums_check" CHECK (active_time >= 0 AND visits > 0);

-- The days of the rows already logged (business days, America/Sao_Paulo).
INSERT INTO "access_log_days" (company_id, day, user_id, controller, active_time, visits, last_access)
SELECT company_id, ((created_at AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date, user_id, controller,
  sum(active_time), count(*), max(created_at)
FROM "access_logs"
GROUP BY 1, 2, 3, 4;
