import { Placeholder } from '../../components/Placeholder';

export default function LocalityScreen() {
  return <Placeholder description="Aqui ficarão os parâmetros de localidade: continentes, países, estados, cidades e fusos horários." />;
}
