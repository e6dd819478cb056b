import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. Every option here is fixed (no nonces, nothing read
 * from the request), so every reply gets the same headers; @fastify/helmet ran helmet anew on each request, which
 * parsed the policy again every time (docs/performance.md "Eleventh run").
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(headers);
}

/** Every reply carries the security headers of `options` (Content-Security-Policy, nosniff, frame options…). */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
