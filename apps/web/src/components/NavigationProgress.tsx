import { useNavigation } from 'react-router';

/** A thin bar at the top while the next screen (its code and its guard) loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="nav-progress" role="progressbar" aria-label="Carregando página" />;
}
