import { ReferenceGroupScreen } from './ReferenceGroupScreen';

export default function RentalScreen() {
  return <ReferenceGroupScreen group="locacao" />;
}
