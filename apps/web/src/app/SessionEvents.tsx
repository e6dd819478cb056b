import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '../shared/api/client';

/** After a 401 the client has already cleared the cookie and the key: reset the cache and go to /login. */
export function SessionEvents() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      navigate('/login', { replace: true });
      window.setTimeout(() => qc.clear(), 0);
    });
  }, [navigate, qc]);
  return null;
}
