import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { SignInReply } from '@edc/domain';
import { api } from '../../shared/api/client';
import { endSession, hasToken, startSession } from '../../shared/api/session';

export interface SignInBody {
  email: string;
  password: string;
}

export const authApi = {
  signIn: (body: SignInBody) => api.post<SignInReply>('/Auth/SignIn', body).then((r) => r.data),
  signInWithDrTrial: (body: { email: string; token: string; employeeId?: string | null }) =>
    api.post<SignInReply>('/Auth/SignInWithDrTrial', body).then((r) => r.data),
  /** Registration gives no session: the mailed link proves the e-mail and signs in (docs/security.md). */
  signUp: (body: unknown) => api.post('/Auth/SignUp', body),
  signUpWithOrganisation: (body: unknown) => api.post('/Auth/SignUpWithOrganisation', body),
  setPassword: (token: string, password: string) => api.post(`/Auth/${encodeURIComponent(token)}/SetPassword`, { password }),
  setPasswordWithCredentials: (token: string, body: { email: string; password: string }) =>
    api.post<SignInReply>(`/Auth/${encodeURIComponent(token)}/SetPasswordWithCredentials`, body).then((r) => r.data),
  signOut: () => api.post('/Auth/SignOut', undefined, { quietErrors: true }),
};

/** Stores a new session (cookie + RSA key) and drops anything cached for a previous one. */
export function useStartSession() {
  const qc = useQueryClient();
  return useCallback(
    (reply: SignInReply) => {
      qc.clear();
      startSession(reply);
    },
    [qc],
  );
}

/** Ends the session on the server (best effort) and locally, then shows the sign-in page. */
export function useSignOut() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return useCallback(
    async (opts: { callServer?: boolean } = {}) => {
      if (opts.callServer !== false && hasToken()) {
        try {
          await authApi.signOut();
        } catch {
          /* the local session ends anyway */
        }
      }
      endSession();
      navigate('/login', { replace: true });
      window.setTimeout(() => qc.clear(), 0);
    },
    [navigate, qc],
  );
}
