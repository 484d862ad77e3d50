import { Placeholder } from '../../components/Placeholder';

export default function YourPlanScreen() {
  return (
    <Placeholder description="Aqui o proprietário verá o plano da agência, o status da assinatura, os planos disponíveis e o pagamento." />
  );
}
