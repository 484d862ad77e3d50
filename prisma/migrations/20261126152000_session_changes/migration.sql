-- Each API process keeps the sessions it read (apps/api/src/platform/kept-reads.ts) and
-- forgets them when the rows behind them change: a notification at commit on 'session_changes',
-- `u:<user id>`, `c:<company id>` (its subscription) or `*` (a plan, or a table truncated).
-- The body is a U& string whose semicolons are written \003B (see migration crm_funnel_stats).
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS U&'
BEGIN
  IF TG_LEVEL = ''STATEMENT'' THEN
    PERFORM pg_notify(''session_changes'', ''*'')\003B
  ELSIF TG_TABLE_NAME = ''users'' THEN
    PERFORM pg_notify(''session_changes'', ''u:'' || OLD.id)\003B
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

-- Only the columns the session reads: a login's bookkeeping on other columns tells nobody.
CREATE TRIGGER users_session_change AFTER UPDATE OF company_id, role, name, email, status, token_version OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER users_session_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER subscriptions_session_change AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER subscriptions_session_truncate AFTER TRUNCATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER plans_session_change AFTER UPDATE OR DELETE OR TRUNCATE ON plans
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
