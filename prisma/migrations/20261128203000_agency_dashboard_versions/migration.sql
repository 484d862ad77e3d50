-- Painel da agência: a version per agency, raised by every transaction that changed what the panel
-- reads (its stats, the open installments and payables, the suppliers' names), once per
-- transaction and at its commit (deferred triggers: the row is locked only while committing, after
-- every other lock the transaction takes, so it adds no deadlock). The API keeps each computed panel
-- with the version it was read at, and reads it again only once the version moved. An agent is looked
-- up before the cache (users change at every sign-in, which no figure follows).
-- Function bodies are U& strings whose semicolons are written \003B: the migration runner splits
-- scripts at every semicolon, even inside a function body.
CREATE TABLE "agency_dashboard_versions" (
    "company_id" INTEGER NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "agency_dashboard_versions_pkey" PRIMARY KEY ("company_id")
);

CREATE FUNCTION dashboard_version_bump() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  company int := CASE WHEN TG_OP = ''DELETE'' THEN OLD.company_id ELSE NEW.company_id END\003B
BEGIN
  IF company IS NULL OR current_setting(''app.dashboard_bumped_'' || company, true) = ''1'' THEN RETURN NULL\003B END IF\003B
  -- An agency deleted in this transaction (its closure) keeps no version.
  IF NOT EXISTS (SELECT 1 FROM companies WHERE id = company) THEN RETURN NULL\003B END IF\003B
  PERFORM set_config(''app.dashboard_bumped_'' || company, ''1'', true)\003B
  INSERT INTO agency_dashboard_versions AS v (company_id, version) VALUES (company, 1)
    ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1\003B
  RETURN NULL\003B
END
';

CREATE CONSTRAINT TRIGGER agency_dashboard_stats_version AFTER INSERT OR UPDATE OR DELETE ON agency_dashboard_stats
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_bump();
CREATE CONSTRAINT TRIGGER receivables_dashboard_version AFTER INSERT OR UPDATE OR DELETE ON receivables
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_bump();
CREATE CONSTRAINT TRIGGER reservations_dashboard_version AFTER INSERT OR UPDATE OR DELETE ON reservations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_bump();
CREATE CONSTRAINT TRIGGER suppliers_dashboard_version AFTER INSERT OR UPDATE OR DELETE ON suppliers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_version_bump();
