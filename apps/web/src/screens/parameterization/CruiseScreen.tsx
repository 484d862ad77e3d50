import { ReferenceGroupScreen } from './ReferenceGroupScreen';

export default function CruiseScreen() {
  return <ReferenceGroupScreen group="cruzeiro" />;
}
