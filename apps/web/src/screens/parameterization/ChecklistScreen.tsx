import { Placeholder } from '../../components/Placeholder';

export default function ChecklistScreen() {
  return <Placeholder description="Aqui ficarão os checklists de documentação e de produtos." />;
}
