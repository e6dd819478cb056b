import { z } from 'zod';

/**
 * GET /Documents/{id}/Confidential (spec operations sections 7 and 9; docs/documents.md "Confidential download"):
 * the file encrypted with AES-CBC under a fresh 256-bit key and IV, the key wrapped with RSA-OAEP SHA-256 by the
 * session's public key (its private half came with the sign-in reply as `rsaKey`). Binary values are base64.
 */
export const documentConfidentialReply = z.object({
  /** AES-256-CBC (PKCS#7 padding) of the file's bytes. */
  file: z.string(),
  /** The 16-byte initialisation vector. */
  iv: z.string(),
  /** The 32-byte AES key, RSA-OAEP (SHA-256) encrypted with the session's public key. */
  key: z.string(),
  name: z.string(),
  extension: z.string(),
  contentType: z.string(),
});
export type DocumentConfidentialReply = z.infer<typeof documentConfidentialReply>;

/** The messages between an opener and the PDF viewer tab (/pdfViewer), posted to the same origin only. */
export const PDF_VIEWER_READY = 'edc:pdfViewer:ready';
export const PDF_VIEWER_FILE = 'edc:pdfViewer:file';
