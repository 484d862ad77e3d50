import { Placeholder } from '../../components/Placeholder';

export default function NewBudgetScreen() {
  return <Placeholder description="Aqui será possível criar um orçamento ou duplicar um existente, com datas, passageiros e propostas." />;
}
