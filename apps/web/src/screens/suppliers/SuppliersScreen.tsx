import { Placeholder } from '../../components/Placeholder';

export default function SuppliersScreen() {
  return <Placeholder description="Aqui ficará a lista de fornecedores com busca, cadastro e edição." />;
}
