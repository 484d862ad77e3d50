import { Placeholder } from '../../components/Placeholder';

export default function TotalValueScreen() {
  return <Placeholder description="Aqui ficará o valor total do orçamento por proposta e por passageiro." />;
}
