import { Placeholder } from '../../components/Placeholder';

export default function BudgetReservationScreen() {
  return <Placeholder description="Aqui ficarão as reservas do orçamento e o envio delas aos fornecedores." />;
}
