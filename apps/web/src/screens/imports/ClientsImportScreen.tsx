import { ImportScreen, type ImportTarget } from './ImportScreen';

const TARGET: ImportTarget = {
  kinds: ['clients', 'organizations'],
  list: { to: '/clientes', back: 'Voltar para clientes', open: 'Ver clientes' },
};

/** /clientes/import: people or organizations from a spreadsheet. */
export default function ClientsImportScreen() {
  return <ImportScreen target={TARGET} />;
}
