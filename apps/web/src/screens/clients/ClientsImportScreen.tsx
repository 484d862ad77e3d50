import { Placeholder } from '../../components/Placeholder';

export default function ClientsImportScreen() {
  return <Placeholder description="Aqui será possível importar clientes (pessoas e organizações) a partir de uma planilha." />;
}
