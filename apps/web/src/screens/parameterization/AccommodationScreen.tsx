import { ReferenceGroupScreen } from './ReferenceGroupScreen';

export default function AccommodationScreen() {
  return <ReferenceGroupScreen group="hospedagem" />;
}
