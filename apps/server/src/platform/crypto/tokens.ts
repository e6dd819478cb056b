import { createHash, createHmac, generateKeyPair, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

/** A random secret for the client; only its hash is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const generateKeyPairAsync = promisify(generateKeyPair);

/** An RSA-OAEP (SHA-256) pair for a session: DER base64, SPKI public and PKCS#8 private (WebCrypto imports both). */
export async function newSessionKeyPair(): Promise<{ publicKey: string; privateKey: string }> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
  });
  return { publicKey: publicKey.toString('base64'), privateKey: privateKey.toString('base64') };
}

/**
 * Tokens for sign-in from the external trial system: `<unix expiry>.<hex HMAC-SHA256(secret, "email|expiry")>`.
 * The external system holds the shared secret and mints them; they are good until the expiry.
 */
export function signExternalLoginToken(secret: string, email: string, expiresAtSec: number): string {
  const mac = createHmac('sha256', secret).update(`${email.toLowerCase()}|${expiresAtSec}`).digest('hex');
  return `${expiresAtSec}.${mac}`;
}

export function verifyExternalLoginToken(secret: string, email: string, token: string, nowMs = Date.now()): boolean {
  const [exp, mac] = token.split('.');
  const expiresAtSec = Number(exp);
  if (!mac || !Number.isInteger(expiresAtSec) || expiresAtSec * 1000 < nowMs) return false;
  const expected = Buffer.from(signExternalLoginToken(secret, email, expiresAtSec).split('.')[1]!, 'hex');
  const given = Buffer.from(mac, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
