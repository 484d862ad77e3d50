-- Who in an agency sees costs, revenue and margins (the agency setting quem ve custos e margens).
CREATE TYPE "CostsVisibility" AS ENUM ('owner', 'owner_admins', 'everyone');

ALTER TABLE "companies" ADD COLUMN "costs_visibility" "CostsVisibility" NOT NULL DEFAULT 'owner_admins';

-- The session every request reads carries the setting: a change to it tells the API processes,
-- like a change to a subscription does (migration session_changes), as c:<company id>.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  IF TG_LEVEL = ''STATEMENT'' THEN
    PERFORM pg_notify(''session_changes'', ''*'')\003B
  ELSIF TG_TABLE_NAME = ''users'' THEN
    PERFORM pg_notify(''session_changes'', ''u:'' || OLD.id)\003B
  ELSIF TG_TABLE_NAME = ''companies'' THEN
    PERFORM pg_notify(''session_changes'', ''c:'' || OLD.id)\003B
  ELSE
    IF TG_OP <> ''INSERT'' THEN
      PERFORM pg_notify(''session_changes'', ''c:'' || OLD.company_id)\003B
    END IF\003B
    IF TG_OP <> ''DELETE'' THEN
      PERFORM pg_notify(''session_changes'', ''c:'' || NEW.company_id)\003B
    END IF\003B
  END IF\003B
  RETURN NULL\003B
END\003B
';

CREATE TRIGGER companies_session_change AFTER UPDATE OF costs_visibility OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER companies_session_truncate AFTER TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
