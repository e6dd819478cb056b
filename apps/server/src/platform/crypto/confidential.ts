import { constants, createCipheriv, createPublicKey, publicEncrypt, randomBytes, type KeyObject } from 'node:crypto';

/**
 * The confidential form of a file (spec operations section 9): the content encrypted with AES-CBC under a fresh
 * random 256-bit key and IV, and that key wrapped with RSA-OAEP (SHA-256, MGF1 SHA-256) by the session's public
 * key, so that only the holder of the session's private key reads it. Everything base64. WebCrypto's
 * `RSA-OAEP`/`SHA-256` and `AES-CBC` (PKCS#7 padding) undo it in the browser.
 */
export interface ConfidentialFile {
  file: string;
  iv: string;
  key: string;
}

/** The session's RSA public key (SPKI DER, base64), or undefined when it is absent or not an RSA key. */
export function sessionPublicKey(spkiBase64: string | null | undefined): KeyObject | undefined {
  if (!spkiBase64?.trim()) return undefined;
  try {
    const key = createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'rsa' ? key : undefined;
  } catch {
    return undefined;
  }
}

export function encryptForSession(publicKey: KeyObject, bytes: Buffer): ConfidentialFile {
  const aesKey = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', aesKey, iv);
  const file = Buffer.concat([cipher.update(bytes), cipher.final()]);
  const key = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, aesKey);
  aesKey.fill(0);
  return { file: file.toString('base64'), iv: iv.toString('base64'), key: key.toString('base64') };
}
