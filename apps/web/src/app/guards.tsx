import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { hasToken } from '../shared/api/session';

export interface FromState {
  from?: string;
}

/** Protected routes: a visitor without the token cookie goes to /login (and comes back after signing in). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!hasToken()) {
    const from = location.pathname === '/' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  return children;
}

/** The sign-in screen sends a signed-in user home. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  if (hasToken()) return <Navigate to="/" replace />;
  return children;
}
