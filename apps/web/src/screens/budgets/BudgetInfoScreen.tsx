import { Placeholder } from '../../components/Placeholder';

export default function BudgetInfoScreen() {
  return <Placeholder description="Aqui ficarão as informações do orçamento: propostas, observações, passageiros e formas de pagamento." />;
}
