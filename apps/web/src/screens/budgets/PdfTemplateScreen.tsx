import { Placeholder } from '../../components/Placeholder';

export default function PdfTemplateScreen() {
  return <Placeholder standalone description="Aqui ficará o modelo de PDF do orçamento, pronto para impressão." />;
}
