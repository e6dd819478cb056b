import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { resolveHome } from '../../app/routes';
import { Loading } from '../../shared/components/Loading';
import { useMe } from './api';
import { OrganisationChooser } from './OrganisationChooser';

/** "/": the organisation chooser when no organisation is current, otherwise the home of the user's context. */
export default function HomePage() {
  const me = useMe();
  // Once the chooser has chosen, go to the chosen cabinet, not to the new home path.
  const [chosen, setChosen] = useState<string | null>(null);
  if (chosen) return <Navigate to={chosen} replace />;
  if (!me.data) return <Loading />;
  if (me.data.homePath === '/chooseOrganisation') return <OrganisationChooser me={me.data} onChosen={setChosen} />;
  return <Navigate to={resolveHome(me.data.homePath)} replace />;
}
