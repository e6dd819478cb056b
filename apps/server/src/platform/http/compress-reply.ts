import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Replies under this size go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;
/** Above this a reply is left to @fastify/compress's stream, so that one reply never holds the event loop long. */
export const COMPRESS_IN_ONE_GO_MAX = 4 * 1024 * 1024;

const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?(?:json|xml)|text\/csv)/i;

/**
 * The encoding a client accepts, brotli before gzip (RFC 9110 §12.5.3: q-values, `*`, `identity`); null when it
 * accepts neither.
 */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const wants = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip') || (q.get('x-gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/**
 * Compresses a reply that is a string or a buffer of text (every JSON reply) in one synchronous call: brotli at
 * quality 1 or gzip at level 1. A matrix page of 244 KB takes about 0.6 ms so, against 2–5 ms through a
 * compression stream (chunks, a worker thread, chunked transfer), for a reply a few per cent larger
 * (docs/performance.md "Subject matrix at scale"). Streams (static files, documents) and very large replies are left
 * to @fastify/compress, registered after this hook.
 */
export function compressReplies(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // A string's length, not its UTF-8 size: measuring that would encode the whole reply once more.
    const size = payload.length;
    if (size < COMPRESS_THRESHOLD || size > COMPRESS_IN_ONE_GO_MAX) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json'))) return payload;
    reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? zlib.brotliCompressSync(payload, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : zlib.gzipSync(payload, { level: 1 });
    reply.header('content-encoding', encoding);
    return body;
  });
}

function varyWithAcceptEncoding(vary: unknown): string {
  const current = vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}
