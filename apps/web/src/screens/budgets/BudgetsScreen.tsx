import { Placeholder } from '../../components/Placeholder';

export default function BudgetsScreen() {
  return <Placeholder description="Aqui ficará a lista de orçamentos com filtros, busca e paginação." />;
}
