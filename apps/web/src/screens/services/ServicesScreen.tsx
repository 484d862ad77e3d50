import { Placeholder } from '../../components/Placeholder';

export default function ServicesScreen() {
  return <Placeholder description="Aqui ficará a central de serviços dos orçamentos (aéreo, hospedagem, locação, cruzeiro e outros)." />;
}
