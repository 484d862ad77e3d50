import { ReferenceGroupScreen } from './ReferenceGroupScreen';

export default function FinancialScreen() {
  return <ReferenceGroupScreen group="financeiro" />;
}
