import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ForecastReply,
  ForecastRequest,
  ScheduleDocumentReply,
  ScheduleRequest,
  SubjectTimePointReply,
  TimeDeviationCreate,
  TimeDeviationReply,
  TimeFieldReply,
  TimePointCreate,
  TimePointReply,
  TimePointUpdate,
} from '@edc/domain';
import { api, ApiError } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/transfer';

/**
 * The time points API (packages/domain/src/schemas/time-points.ts; spec design-and-admin section 7 "TimePoints",
 * operations section 7 "/SubjectTimePoints"). Dialogs show their own failures, so their calls do not toast.
 */
export const timePointsKey = ['timePoints'] as const;
const listKey = (visitId: string | null) => [...timePointsKey, 'list', visitId] as const;
const fieldsKey = (visitId: string | null) => [...timePointsKey, 'fields', visitId] as const;
const quiet = { quietErrors: true } as const;

/** GET /TimePoints?visitId=: the visit's points in the order of their fields. */
export function useTimePoints(visitId: string | null, enabled = true) {
  return useQuery({
    queryKey: listKey(visitId),
    queryFn: ({ signal }) => api.get<TimePointReply[]>('/TimePoints', { signal, query: { visitId }, ...quiet }),
    enabled: enabled && Boolean(visitId),
  });
}

/** GET /FormFields/Time?visitId=: the visit's Time and DateTime fields (`hasTimePoint` marks the taken ones). */
export function useTimeFields(visitId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: fieldsKey(visitId),
    queryFn: ({ signal }) => api.get<TimeFieldReply[]>('/FormFields/Time', { signal, query: { visitId }, ...quiet }),
    enabled: enabled && Boolean(visitId),
  });
}

export function useTimePointMutations() {
  const qc = useQueryClient();
  // A point or a deviation changes the list, which fields are free and the deviations shown on other rows.
  const refresh = () => qc.invalidateQueries({ queryKey: timePointsKey });
  return {
    create: useMutation({
      mutationFn: (body: TimePointCreate) => api.post<TimePointReply>('/TimePoints', body, quiet).then((r) => r.data),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: TimePointUpdate }) =>
        api.put<TimePointReply>(`/TimePoints/${id}/`, body, quiet).then((r) => r.data),
      onSuccess: refresh,
    }),
    /** Toasts its failure: the confirmation stays open. */
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/TimePoints/${id}`), onSuccess: refresh }),
    addDeviation: useMutation({
      mutationFn: (body: TimeDeviationCreate) => api.post<TimeDeviationReply>('/TimeDeviations', body, quiet).then((r) => r.data),
      onSuccess: refresh,
    }),
    removeDeviation: useMutation({ mutationFn: (id: string) => api.delete(`/TimeDeviations/${id}`), onSuccess: refresh }),
  };
}

/** POST /TimePoints/EmployeesCountForecast: a calculation, nothing stored. */
export function useForecast() {
  return useMutation({
    mutationFn: (body: ForecastRequest) =>
      api.post<ForecastReply>('/TimePoints/EmployeesCountForecast', body, { ...quiet, quietSuccess: true }).then((r) => r.data),
  });
}

/** POST /TimePoints/GenerateScheduledActivities: the report's document, made in the background. */
export function useStartSchedule() {
  return useMutation({
    mutationFn: (body: ScheduleRequest) =>
      api
        .post<ScheduleDocumentReply>('/TimePoints/GenerateScheduledActivities', body, { ...quiet, quietSuccess: true })
        .then((r) => r.data),
  });
}

/** Spec section 4: the generated schedule report is polled every 2 seconds until it is made. */
export const SCHEDULE_POLL_MS = 2000;

/** GET /TimePoints/ScheduledActivities/{id}, every 2 s while the document is Started. */
export function useScheduleDocument(documentId: string | null) {
  return useQuery({
    queryKey: [...timePointsKey, 'schedule', documentId],
    queryFn: ({ signal }) =>
      api.get<ScheduleDocumentReply>(`/TimePoints/ScheduledActivities/${documentId}`, { signal, ...quiet }),
    enabled: Boolean(documentId),
    refetchInterval: (query) => {
      // A refusal (the document is gone, not ours) ends the polling; a lost connection or a server error does not.
      const e = query.state.error;
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) return false;
      const doc = query.state.data;
      return !doc || doc.status === 'Started' ? SCHEDULE_POLL_MS : false;
    },
    // A failed poll is tried again by the interval, not by the query's own retries.
    retry: false,
    gcTime: 0,
  });
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The API path of a document link (`/api/Documents/{id}/File`, or a full address of this server). */
export function apiPathOf(link: string): string {
  const path = /^https?:\/\//.test(link) ? new URL(link).pathname + new URL(link).search : link;
  return path.replace(/^\/api(?=\/)/, '');
}

/** The made XLSX, with the bearer token (shared/api/transfer.ts), named by the server or by the document. */
export function downloadScheduleDocument(doc: ScheduleDocumentReply): Promise<string> {
  const name = /\.xlsx$/i.test(doc.name) ? doc.name : `${doc.name}.xlsx`;
  return downloadFile(apiPathOf(doc.documentLink ?? ''), name, XLSX);
}

/** GET /SubjectTimePoints?subjectVisitId=: the visit's points with their planned windows and values. */
export function useSubjectTimePoints(subjectVisitId: string | undefined) {
  return useQuery({
    queryKey: ['subjectTimePoints', subjectVisitId],
    queryFn: ({ signal }) =>
      api.get<SubjectTimePointReply[]>('/SubjectTimePoints', { signal, query: { subjectVisitId }, ...quiet }),
    enabled: Boolean(subjectVisitId),
  });
}
