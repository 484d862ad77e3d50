import { useLocation, useParams } from 'react-router';
import { useRecordId } from '../../lib/record-route';
import { BudgetEditor } from './editor/BudgetEditor';
import { DuplicateBudget } from './editor/DuplicateBudget';
import { NewBudgetForm } from './editor/NewBudgetForm';

/**
 * /novo-orcamento/{id?} and /duplicate-orcamento/{id?}, one screen: without an id the short form of
 * a new budget; with one its editor; /duplicate-orcamento/{id} copies that budget and opens the copy.
 */
export default function NewBudgetScreen() {
  const { pathname } = useLocation();
  const raw = useParams().id;
  const id = useRecordId();
  if (raw === undefined) return <NewBudgetForm />;
  if (pathname.startsWith('/duplicate-orcamento')) return <DuplicateBudget id={id} />;
  // key: another budget's address starts the editor afresh.
  return <BudgetEditor key={id} id={id ?? 0} />;
}
