import { Placeholder } from '../../components/Placeholder';

export default function AccommodationScreen() {
  return <Placeholder description="Aqui ficarão os parâmetros de hospedagem: regimes, categorias e tipos de quarto." />;
}
