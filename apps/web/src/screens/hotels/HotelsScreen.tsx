import { Placeholder } from '../../components/Placeholder';

export default function HotelsScreen() {
  return <Placeholder description="Aqui ficará a lista de hotéis favoritos da agência." />;
}
