/** Business constants of spec section 9. */
export const MIN_PASSWORD_LENGTH = 8;
export const IDLE_TIMEOUT_MS = 60 * 60 * 1000;
export const FAILED_SIGN_INS_BEFORE_LOCK = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 24 * 60 * 60 * 1000;
export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const TOAST_MS = 5000;
export const DEBOUNCE_MS = 500;
export const TOKEN_COOKIE = 'accessMISToken';
export const RSA_KEY_STORAGE = 'rsaKey';
export const MAX_POINT_CHIPS = 6;
/** Uploaded documents (subject visit documents): PDF only, at most 20 MB. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const MAX_DOCUMENT_MB = MAX_DOCUMENT_BYTES / (1024 * 1024);
