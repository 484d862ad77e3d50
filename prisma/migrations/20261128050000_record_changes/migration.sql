-- Live screens (apps/api/src/modules/events): every change to a row an agency edits is told at
-- commit on the channel record_changes as JSON: the agency (c), the kind of record (t), its id,
-- the operation and, for the rows of a budget, the budget (b). A row that belongs to a record (the
-- contacts of a client, the history of an attendance, the refund of a service) is told as an
-- UPDATE of that record. Identical messages of one transaction reach listeners once.
-- Trigger arguments: kind, id column, budget column or empty, and for a table without company_id
-- the parent table and its key column (company_id and budget_id are then read from the parent).
-- The body is a U& string whose semicolons are written \003B (see migration crm_funnel_stats).
CREATE FUNCTION notify_record_change() RETURNS trigger LANGUAGE plpgsql AS U&'
DECLARE
  rec jsonb\003B
  parent jsonb\003B
  company integer\003B
  message jsonb\003B
BEGIN
  IF TG_OP = ''DELETE'' THEN
    rec := to_jsonb(OLD)\003B
  ELSE
    rec := to_jsonb(NEW)\003B
  END IF\003B
  IF TG_ARGV[3] <> '''' THEN
    EXECUTE format(''SELECT to_jsonb(p) FROM %I p WHERE p.id = $1'', TG_ARGV[3]) INTO parent USING (rec ->> TG_ARGV[4])::integer\003B
    rec := coalesce(parent, ''{}''::jsonb) || rec\003B
  END IF\003B
  company := (rec ->> ''company_id'')::integer\003B
  IF company IS NULL OR rec ->> TG_ARGV[1] IS NULL THEN
    RETURN NULL\003B
  END IF\003B
  message := jsonb_build_object(''c'', company, ''t'', TG_ARGV[0], ''id'', (rec ->> TG_ARGV[1])::integer,
    ''op'', CASE WHEN TG_ARGV[1] = ''id'' THEN TG_OP ELSE ''UPDATE'' END)\003B
  IF TG_ARGV[2] <> '''' AND rec ->> TG_ARGV[2] IS NOT NULL THEN
    message := message || jsonb_build_object(''b'', (rec ->> TG_ARGV[2])::integer)\003B
  END IF\003B
  PERFORM pg_notify(''record_changes'', message::text)\003B
  RETURN NULL\003B
END\003B
';

CREATE TRIGGER attendances_record_change AFTER INSERT OR UPDATE OR DELETE ON attendances
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('attendance', 'id', '', '', '');
CREATE TRIGGER attendance_logs_record_change AFTER INSERT OR UPDATE OR DELETE ON attendance_logs
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('attendance', 'attendance_id', '', '', '');
CREATE TRIGGER clients_record_change AFTER INSERT OR UPDATE OR DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('client', 'id', '', '', '');
CREATE TRIGGER client_contacts_record_change AFTER INSERT OR UPDATE OR DELETE ON client_contacts
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('client', 'client_id', '', 'clients', 'client_id');
CREATE TRIGGER client_addresses_record_change AFTER INSERT OR UPDATE OR DELETE ON client_addresses
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('client', 'client_id', '', 'clients', 'client_id');
CREATE TRIGGER client_documents_record_change AFTER INSERT OR UPDATE OR DELETE ON client_documents
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('client', 'client_id', '', 'clients', 'client_id');
CREATE TRIGGER client_attachments_record_change AFTER INSERT OR UPDATE OR DELETE ON client_attachments
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('client', 'client_id', '', 'clients', 'client_id');
CREATE TRIGGER client_companions_record_change AFTER INSERT OR UPDATE OR DELETE ON client_companions
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('client', 'client_id', '', '', '');
CREATE TRIGGER budgets_record_change AFTER INSERT OR UPDATE OR DELETE ON budgets
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('budget', 'id', 'id', '', '');
CREATE TRIGGER budget_paxes_record_change AFTER INSERT OR UPDATE OR DELETE ON budget_paxes
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('pax', 'id', 'budget_id', 'budgets', 'budget_id');
CREATE TRIGGER proposals_record_change AFTER INSERT OR UPDATE OR DELETE ON proposals
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('proposal', 'id', 'budget_id', '', '');
CREATE TRIGGER services_record_change AFTER INSERT OR UPDATE OR DELETE ON services
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('service', 'id', 'budget_id', '', '');
CREATE TRIGGER refunds_record_change AFTER INSERT OR UPDATE OR DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('service', 'service_id', 'budget_id', 'services', 'service_id');
CREATE TRIGGER recommendations_record_change AFTER INSERT OR UPDATE OR DELETE ON recommendations
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('budget', 'budget_id', 'budget_id', '', '');
CREATE TRIGGER financial_table_comments_record_change AFTER INSERT OR UPDATE OR DELETE ON financial_table_comments
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('budget', 'budget_id', 'budget_id', '', '');
CREATE TRIGGER budget_mailings_record_change AFTER INSERT OR UPDATE OR DELETE ON budget_mailings
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('budget', 'budget_id', 'budget_id', '', '');
CREATE TRIGGER sales_record_change AFTER INSERT OR UPDATE OR DELETE ON sales
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('sale', 'id', 'budget_id', '', '');
CREATE TRIGGER sale_mailings_record_change AFTER INSERT OR UPDATE OR DELETE ON sale_mailings
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('budget', 'budget_id', 'budget_id', '', '');
CREATE TRIGGER reservations_record_change AFTER INSERT OR UPDATE OR DELETE ON reservations
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('reservation', 'id', 'budget_id', '', '');
CREATE TRIGGER contracts_record_change AFTER INSERT OR UPDATE OR DELETE ON contracts
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('contract', 'id', 'budget_id', '', '');
CREATE TRIGGER vouchers_record_change AFTER INSERT OR UPDATE OR DELETE ON vouchers
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('voucher', 'id', 'budget_id', '', '');
CREATE TRIGGER tasks_record_change AFTER INSERT OR UPDATE OR DELETE ON tasks
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('task', 'id', '', '', '');
CREATE TRIGGER task_logs_record_change AFTER INSERT OR UPDATE OR DELETE ON task_logs
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('task', 'task_id', '', '', '');
CREATE TRIGGER suppliers_record_change AFTER INSERT OR UPDATE OR DELETE ON suppliers
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('supplier', 'id', '', '', '');
CREATE TRIGGER supplier_contacts_record_change AFTER INSERT OR UPDATE OR DELETE ON supplier_contacts
  FOR EACH ROW EXECUTE FUNCTION notify_record_change('supplier', 'supplier_id', '', 'suppliers', 'supplier_id');
