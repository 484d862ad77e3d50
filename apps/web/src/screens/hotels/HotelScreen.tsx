import { Placeholder } from '../../components/Placeholder';

export default function HotelScreen() {
  return <Placeholder description="Aqui ficarão os detalhes do hotel favorito, com fotos, quartos e regimes." />;
}
