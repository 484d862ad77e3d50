import { Placeholder } from '../../components/Placeholder';

export default function SuppliersImportScreen() {
  return <Placeholder description="Aqui será possível importar fornecedores a partir de uma planilha." />;
}
