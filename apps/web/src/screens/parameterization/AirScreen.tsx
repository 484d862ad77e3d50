import { ReferenceGroupScreen } from './ReferenceGroupScreen';

export default function AirScreen() {
  return <ReferenceGroupScreen group="aereo" />;
}
