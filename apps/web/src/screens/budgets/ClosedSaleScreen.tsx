import { Placeholder } from '../../components/Placeholder';

export default function ClosedSaleScreen() {
  return <Placeholder description="Aqui ficarão os dados da venda fechada: contratos, vouchers e a opção de desfazer a venda." />;
}
