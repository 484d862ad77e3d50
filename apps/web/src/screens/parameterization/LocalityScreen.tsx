import { ReferenceGroupScreen } from './ReferenceGroupScreen';

export default function LocalityScreen() {
  return <ReferenceGroupScreen group="localidade" />;
}
