import { enqueueSnackbar } from 'notistack';
import i18n from 'i18next';
import { endSession, getToken } from './session';
import { localTimeZone, MAX_PAGE_SIZE, TIME_ZONE_HEADER } from '@edc/domain';
import { collectPages } from './all-pages';

export interface ApiErrorItem {
  code: string;
  message: string;
  path?: string;
}

/** A failed call: HTTP status and the server's errors (messages already in the user's language). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorItem[],
  ) {
    super(errors.map((e) => e.message).join('; ') || `HTTP ${status}`);
    this.name = 'ApiError';
  }

  hasCode(code: string): boolean {
    return this.errors.some((e) => e.code === code);
  }
}

export interface ApiReply<T> {
  data: T;
  message?: string;
  /** Set on paged lists. */
  page?: number;
  pageSize?: number;
  totalCount?: number;
}

/** A server-paged list: `{ data, page, pageSize, totalCount }`. */
export interface ApiPage<T> {
  data: T[];
  page: number;
  pageSize: number;
  totalCount: number;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined | ReadonlyArray<string | number>>;
  signal?: AbortSignal;
  /** Do not toast the reply's success message. */
  quietSuccess?: boolean;
  /** Do not toast error messages (the caller shows them). */
  quietErrors?: boolean;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign('/login');
};

/** Registered by the router: what to do after a 401 (clear the cache, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Calls that answer 401 for wrong credentials rather than for a lost session. */
const CREDENTIAL_CALLS = new Set(['/Auth/SignIn', '/Auth/SignInWithDrTrial']);

export function toastSuccess(message: string): void {
  enqueueSnackbar(message, { variant: 'success' });
}

export function toastError(message: string): void {
  enqueueSnackbar(message, { variant: 'error' });
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

function currentLanguage(): string {
  return i18n.language?.startsWith('en') ? 'en' : 'ru';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What every request carries: the language, the user's time zone (the server decides the user's "today"
 * by it, docs/dates.md) and the bearer token.
 */
export function sessionHeaders(accept: string): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: accept,
    'Accept-Language': currentLanguage(),
    [TIME_ZONE_HEADER]: localTimeZone(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * The one way the app talks to the server: adds the session headers, shows the reply's message as a
 * success toast and each error as an error toast, and ends the session on a 401.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiReply<T>> {
  const headers = sessionHeaders('application/json');
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const error = new ApiError(0, [{ code: 'network', message: i18n.t('common:errors.network') }]);
    if (!options.quietErrors) toastError(error.message);
    throw error;
  }

  const json = (await readJson(response)) as
    | (Partial<ApiReply<T>> & Partial<Omit<ApiPage<unknown>, 'data'>> & { errors?: ApiErrorItem[] })
    | undefined;

  if (!response.ok) {
    const errors =
      json?.errors && Array.isArray(json.errors) && json.errors.length > 0
        ? json.errors
        : [{ code: `http_${response.status}`, message: i18n.t('common:errors.http', { status: response.status }) }];
    const error = new ApiError(response.status, errors);
    const credentialCall = CREDENTIAL_CALLS.has(path.split('?')[0] ?? path);
    if (response.status === 401 && !credentialCall) {
      const hadSession = headers.Authorization !== undefined;
      endSession();
      onUnauthorized();
      // A stale cookie is not worth a toast; an expired session is.
      if (hadSession && !options.quietErrors) errors.forEach((e) => toastError(e.message));
      throw error;
    }
    if (!options.quietErrors) errors.forEach((e) => toastError(e.message));
    throw error;
  }

  if (json?.message && !options.quietSuccess) toastSuccess(json.message);
  return {
    data: json?.data as T,
    message: json?.message,
    page: json?.page,
    pageSize: json?.pageSize,
    totalCount: json?.totalCount,
  };
}

/** A paged list through the same path as every other call (toasts, 401 handling). */
export async function apiPage<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<ApiPage<T>> {
  const reply = await apiRequest<T[]>(path, { ...options, method: 'GET' });
  return {
    data: reply.data ?? [],
    page: reply.page ?? 1,
    pageSize: reply.pageSize ?? reply.data?.length ?? 0,
    totalCount: reply.totalCount ?? 0,
  };
}

/** Every item of a paged list (collectPages), `pageSize` a page: at most what the list allows (100, 50 for subjects). */
export function apiAllPages<T>(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
  pageSize: number = MAX_PAGE_SIZE,
): Promise<T[]> {
  return collectPages((page) => apiPage<T>(path, { ...options, query: { ...options.query, page, pageSize } }));
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }).then((r) => r.data),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
