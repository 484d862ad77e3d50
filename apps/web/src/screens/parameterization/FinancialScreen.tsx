import { Placeholder } from '../../components/Placeholder';

export default function FinancialScreen() {
  return (
    <Placeholder description="Aqui ficarão os parâmetros financeiros: bandeiras de cartão, cotações de moeda e formas de pagamento." />
  );
}
