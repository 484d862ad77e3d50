import { Placeholder } from '../../components/Placeholder';

export default function ProposalTimelineScreen() {
  return <Placeholder description="Aqui ficará a linha do tempo da proposta, com seus serviços em ordem." />;
}
