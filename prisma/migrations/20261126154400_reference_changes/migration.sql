-- Each API process keeps the pickers' matches it read (apps/api/src/platform/kept-reads.ts) and
-- forgets them all at any change to a list row: a notification at commit on 'reference_changes'.
-- Statement-level: a seed's bulk insert tells once.
CREATE FUNCTION notify_reference_change() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  PERFORM pg_notify(''reference_changes'', ''*'')\003B
  RETURN NULL\003B
END\003B
';

CREATE TRIGGER reference_items_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reference_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_reference_change();
