import { ReferenceGroupScreen } from './ReferenceGroupScreen';

export default function ChecklistScreen() {
  return <ReferenceGroupScreen group="checklist" />;
}
