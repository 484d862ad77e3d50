import { Placeholder } from '../../components/Placeholder';

export default function LandingPageScreen() {
  return <Placeholder standalone description="Aqui o cliente verá a página pública do orçamento, com as propostas de viagem." />;
}
