import { Placeholder } from '../../components/Placeholder';

export default function AirScreen() {
  return <Placeholder description="Aqui ficarão os parâmetros de aéreo: aeroportos, companhias, classes e tipos de bagagem." />;
}
