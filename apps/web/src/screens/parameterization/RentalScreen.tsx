import { Placeholder } from '../../components/Placeholder';

export default function RentalScreen() {
  return <Placeholder description="Aqui ficarão os parâmetros de locação: categorias de veículo e locadoras." />;
}
