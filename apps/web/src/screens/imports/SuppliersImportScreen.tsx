import { ImportScreen, type ImportTarget } from './ImportScreen';

const TARGET: ImportTarget = {
  kinds: ['suppliers'],
  list: { to: '/fornecedores', back: 'Voltar para fornecedores', open: 'Ver fornecedores' },
};

/** /fornecedores/import: suppliers from a spreadsheet. */
export default function SuppliersImportScreen() {
  return <ImportScreen target={TARGET} />;
}
