-- CreateTable
CREATE TABLE "attendance_owner_status_stats" (
    "company_id" INTEGER NOT NULL,
    "owner_user_id" INTEGER NOT NULL,
    "status" "AttendanceStatus" NOT NULL,
    "attendances" INTEGER NOT NULL,
    "value_cents" BIGINT NOT NULL,

    CONSTRAINT "attendance_owner_status_stats_pkey" PRIMARY KEY ("company_id","owner_user_id","status")
);

-- The stats trigger (migration crm_funnel_stats) also keeps the count and value per owner and
-- status, in the same statement.
CREATE OR REPLACE FUNCTION attendance_stats_apply() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  source text := CASE TG_OP
    WHEN ''INSERT'' THEN ''SELECT *, 1 AS n FROM new_rows''
    WHEN ''DELETE'' THEN ''SELECT *, -1 AS n FROM old_rows''
    ELSE ''SELECT *, -1 AS n FROM old_rows UNION ALL SELECT *, 1 FROM new_rows''
  END\003B
BEGIN
  EXECUTE $q$
    WITH delta AS ($q$ || source || $q$),
    by_status AS (
      INSERT INTO attendance_status_stats AS s (company_id, status, attendances, value_cents)
      SELECT company_id, status, sum(n), sum(n * value_cents::bigint)
      FROM delta
      GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(n * value_cents::bigint) <> 0 ORDER BY 1, 2
      ON CONFLICT (company_id, status) DO UPDATE
        SET attendances = s.attendances + EXCLUDED.attendances, value_cents = s.value_cents + EXCLUDED.value_cents
    ),
    by_owner AS (
      INSERT INTO attendance_owner_status_stats AS s (company_id, owner_user_id, status, attendances, value_cents)
      SELECT company_id, owner_user_id, status, sum(n), sum(n * value_cents::bigint)
      FROM delta
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(n * value_cents::bigint) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (company_id, owner_user_id, status) DO UPDATE
        SET attendances = s.attendances + EXCLUDED.attendances, value_cents = s.value_cents + EXCLUDED.value_cents
    ),
    by_date AS (
      INSERT INTO attendance_stats AS s (company_id, status, start_date, attendances, value_cents)
      SELECT company_id, status, COALESCE(start_date, ''infinity''::date), sum(n), sum(n * value_cents::bigint)
      FROM delta
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(n * value_cents::bigint) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (company_id, status, start_date) DO UPDATE
        SET attendances = s.attendances + EXCLUDED.attendances, value_cents = s.value_cents + EXCLUDED.value_cents
    )
    INSERT INTO attendance_month_stats AS m (company_id, event, month, attendances)
    SELECT company_id, event, month, sum(n)
    FROM (
      SELECT company_id, ''opened'' AS event, date_trunc(''month'', (created_at AT TIME ZONE ''UTC'') AT TIME ZONE ''America/Sao_Paulo'')::date AS month, n FROM delta
      UNION ALL
      SELECT company_id, status::text, date_trunc(''month'', (closed_at AT TIME ZONE ''UTC'') AT TIME ZONE ''America/Sao_Paulo'')::date, n FROM delta WHERE status IN (''won'', ''lost'') AND closed_at IS NOT NULL
    ) AS events
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, event, month) DO UPDATE SET attendances = m.attendances + EXCLUDED.attendances
  $q$\003B
  RETURN NULL\003B
END\003B
';

-- Attendances written before this migration.
INSERT INTO attendance_owner_status_stats (company_id, owner_user_id, status, attendances, value_cents)
SELECT company_id, owner_user_id, status, count(*), sum(value_cents) FROM "attendances" GROUP BY 1, 2, 3;
