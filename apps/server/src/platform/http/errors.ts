import type { ErrorCode, Language, MessageParams } from '@edc/domain';
import { errorMessage } from '@edc/domain';

/** An expected failure: becomes a 4xx reply `{ errors: [{ code, message, path? }] }` in the caller's language. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly params: MessageParams = {},
    readonly path?: string,
  ) {
    super(code);
  }
  toBody(lang: Language) {
    return {
      errors: [
        { code: this.code, message: errorMessage(this.code, lang, this.params), ...(this.path ? { path: this.path } : {}) },
      ],
    };
  }
}

export const badRequest = (code: ErrorCode, path?: string, params: MessageParams = {}) => new AppError(400, code, params, path);
export const unauthorized = (code: ErrorCode = 'unauthorized') => new AppError(401, code);
export const forbidden = (code: ErrorCode = 'forbidden', path?: string, params: MessageParams = {}) =>
  new AppError(403, code, params, path);
/** `path` names the field holding the unknown id: `id` for a path parameter, the body field otherwise. */
export const notFound = (path?: string) => new AppError(404, 'not_found', {}, path);
export const conflict = (code: ErrorCode = 'conflict', path?: string, params: MessageParams = {}) =>
  new AppError(409, code, params, path);
