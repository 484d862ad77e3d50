import { Placeholder } from '../../components/Placeholder';

export default function SupplierScreen() {
  return <Placeholder description="Aqui ficarão os detalhes do fornecedor e as formas de pagamento aceitas." />;
}
