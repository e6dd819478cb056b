import { RSA_KEY_STORAGE, TOKEN_COOKIE } from '@edc/domain';

/** The access token lives in a cookie (spec section 9); the session's RSA private key in local storage. */
export function getToken(): string | null {
  const prefix = `${TOKEN_COOKIE}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      const value = decodeURIComponent(item.slice(prefix.length));
      return value || null;
    }
  }
  return null;
}

export function hasToken(): boolean {
  return getToken() !== null;
}

export function startSession(reply: { accessToken: string; rsaKey: string }): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(reply.accessToken)}; path=/; SameSite=Strict${secure}`;
  try {
    localStorage.setItem(RSA_KEY_STORAGE, reply.rsaKey);
  } catch {
    /* storage may be unavailable (private mode); the key is only needed for confidential documents */
  }
}

export function endSession(): void {
  document.cookie = `${TOKEN_COOKIE}=; path=/; SameSite=Strict; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  try {
    localStorage.removeItem(RSA_KEY_STORAGE);
  } catch {
    /* ignore */
  }
}
