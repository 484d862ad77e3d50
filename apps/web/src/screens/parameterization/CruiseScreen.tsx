import { Placeholder } from '../../components/Placeholder';

export default function CruiseScreen() {
  return <Placeholder description="Aqui ficarão os parâmetros de cruzeiro: portos, companhias, navios, regimes e cabines." />;
}
