import { RSA_KEY_STORAGE, type DocumentConfidentialReply } from '@edc/domain';
import { api } from '../api/client';

/**
 * The confidential download (docs/documents.md "Confidential download"; spec operations sections 7 and 9):
 * GET /Documents/{id}/Confidential answers the file encrypted with AES-CBC under a fresh key, that key wrapped
 * with RSA-OAEP SHA-256 by the session's public key. The session's private key came with the sign-in reply
 * (`rsaKey`, PKCS#8 base64) and is kept in local storage (spec section 9); it is imported non-extractable.
 */

/** The session's private key is missing (storage cleared or unavailable): the user must sign in again. */
export class SessionKeyMissingError extends Error {
  constructor() {
    super('session key missing');
    this.name = 'SessionKeyMissingError';
  }
}

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

let cached: { stored: string; key: Promise<CryptoKey> } | null = null;

/** The session's private key as a non-extractable WebCrypto key (imported once per stored key). */
function sessionPrivateKey(): Promise<CryptoKey> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(RSA_KEY_STORAGE);
  } catch {
    /* storage unavailable */
  }
  if (!stored) return Promise.reject(new SessionKeyMissingError());
  if (cached?.stored !== stored) {
    const key = crypto.subtle
      .importKey('pkcs8', fromBase64(stored), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['unwrapKey'])
      .catch(() => {
        throw new SessionKeyMissingError();
      });
    cached = { stored, key };
  }
  return cached.key;
}

/** Undoes the server's encryption: unwraps the AES key with the private key, then decrypts the file. */
export async function decryptConfidential(reply: DocumentConfidentialReply, privateKey: CryptoKey): Promise<Blob> {
  const aesKey = await crypto.subtle.unwrapKey(
    'raw',
    fromBase64(reply.key),
    privateKey,
    { name: 'RSA-OAEP' },
    { name: 'AES-CBC' },
    false,
    ['decrypt'],
  );
  const plain = await crypto.subtle.decrypt({ name: 'AES-CBC', iv: fromBase64(reply.iv) }, aesKey, fromBase64(reply.file));
  return new Blob([plain], { type: reply.contentType });
}

/** Fetches a document confidentially and decrypts it with the session's key. */
export async function fetchConfidential(documentId: string): Promise<{ blob: Blob; name: string }> {
  const privateKey = await sessionPrivateKey();
  const reply = await api.get<DocumentConfidentialReply>(`/Documents/${documentId}/Confidential`);
  return { blob: await decryptConfidential(reply, privateKey), name: `${reply.name}.${reply.extension}` };
}
