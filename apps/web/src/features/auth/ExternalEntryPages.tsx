import { useEffect, useRef } from 'react';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SignInReply } from '@edc/domain';
import { api, toastError } from '../../shared/api/client';
import { Loading } from '../../shared/components/Loading';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { isBuiltRoute } from '../../app/routes';
import { fetchMe, meKey } from '../identity/api';
import { authApi, useStartSession } from './api';

/**
 * Entry from the external trial system (query token, user, employeeId): signs in by token, then runs
 * `after` to pick where to go. With no token or user, or when the sign-in fails, it goes to /login.
 */
function useExternalSignIn(after: (reply: SignInReply) => Promise<string>) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const started = useRef(false);
  const token = search.get('token');
  const user = search.get('user');
  const employeeId = search.get('employeeId') || undefined;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token || !user) {
      navigate('/login', { replace: true });
      return;
    }
    authApi
      .signInWithDrTrial({ email: user, token, employeeId })
      .then(async (reply) => {
        startSession(reply);
        navigate(await after(reply), { replace: true });
      })
      .catch(() => navigate('/login', { replace: true }));
    // Runs once per visit of the page; the query is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

function Waiting() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth:external.title'));
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('auth:external.title')}
      </Typography>
      <Loading />
    </>
  );
}

/** /loginWithDrTrial?token&user&employeeId */
export function LoginWithDrTrialPage() {
  useExternalSignIn(async () => '/');
  return <Waiting />;
}

/** /drTrialVisit?token&user&subjectVisitId&employeeId: sign in, switch to the employee, open the visit. */
export function DrTrialVisitPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [search] = useSearchParams();
  const employeeId = search.get('employeeId');
  const subjectVisitId = search.get('subjectVisitId');

  useExternalSignIn(async () => {
    const me = await fetchMe();
    qc.setQueryData(meKey, me);
    if (employeeId) {
      if (!me.employees.some((e) => e.id === employeeId)) {
        toastError(t('auth:external.noAccess'));
        return '/';
      }
      await api.post(`/Employees/${employeeId}/SetCurrent`, undefined, { quietSuccess: true });
      qc.setQueryData(meKey, await fetchMe());
    }
    const target = subjectVisitId ? `/subjectVisit/${encodeURIComponent(subjectVisitId)}` : '/';
    return isBuiltRoute(target) ? target : '/';
  });
  return <Waiting />;
}
