import i18n from 'i18next';
import { ApiError, sessionHeaders, toastError, toastSuccess, type ApiErrorItem, type ApiReply } from './client';
import { endSession } from './session';

/**
 * File transfers the JSON client cannot do: a download saved as a file, and an upload that reports its
 * progress. Both carry the session and the language like shared/api/client.ts, and fail the same way:
 * an ApiError with the server's messages (toasted unless `quietErrors`), the session ended on a 401.
 */

function parseJson(text: string): { data?: unknown; message?: string; errors?: ApiErrorItem[] } | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as { data?: unknown; message?: string; errors?: ApiErrorItem[] };
  } catch {
    return undefined;
  }
}

function failure(status: number, json: ReturnType<typeof parseJson>, quietErrors = false): ApiError {
  const errors =
    status === 0
      ? [{ code: 'network', message: i18n.t('common:errors.network') }]
      : json?.errors && json.errors.length > 0
        ? json.errors
        : [{ code: `http_${status}`, message: i18n.t('common:errors.http', { status }) }];
  const error = new ApiError(status, errors);
  if (!quietErrors) errors.forEach((e) => toastError(e.message));
  if (status === 401) {
    endSession();
    window.location.assign('/login');
  }
  return error;
}

/** The file name of a Content-Disposition header, if it names one. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
}

/** Offers a blob to the browser as a downloaded file. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api{path} with the session and save the reply as a file (named by the server, else `fallbackName`). */
export async function downloadFile(path: string, fallbackName: string, accept = '*/*'): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: sessionHeaders(accept), credentials: 'same-origin' });
  } catch {
    throw failure(0, undefined);
  }
  if (!response.ok) throw failure(response.status, parseJson(await response.text()));
  const name = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}

export interface UploadOptions {
  /** Called with 0..1 while the body is being sent. */
  onUploadProgress?: (fraction: number) => void;
  quietErrors?: boolean;
  quietSuccess?: boolean;
}

/**
 * POST /api{path} with a JSON body, or a multipart one when `body` is FormData (the browser sets the
 * boundary), reporting the upload's progress (fetch cannot).
 */
export function postWithProgress<T>(path: string, body: unknown, options: UploadOptions = {}): Promise<ApiReply<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    for (const [key, value] of Object.entries(sessionHeaders('application/json'))) xhr.setRequestHeader(key, value);
    const form = body instanceof FormData;
    if (!form) xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onUploadProgress?.(e.loaded / e.total);
    };
    xhr.upload.onload = () => options.onUploadProgress?.(1);
    xhr.onerror = () => reject(failure(0, undefined, options.quietErrors));
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(failure(xhr.status, json, options.quietErrors));
        return;
      }
      if (json?.message && !options.quietSuccess) toastSuccess(json.message);
      resolve({ data: json?.data as T, message: json?.message });
    };
    xhr.send(form ? body : JSON.stringify(body));
  });
}
