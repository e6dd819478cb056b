import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CLIENT_ABORT_MESSAGE, serverLoggerOptions } from './server-logger.js';

/** A Fastify app with the server's logger and @fastify/compress, its log lines collected. */
async function appWithLog() {
  const lines: { level: number; msg?: string; err?: { message: string } }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { ...serverLoggerOptions('info'), stream } });
  await app.register(compress, { global: true, encodings: ['gzip'], threshold: 0 });
  // A download that sends one chunk and then waits, as a large file does while it is read.
  app.get('/slow', (_req, reply) => {
    let sent = false;
    const body = new Readable({
      read() {
        if (!sent) this.push('x'.repeat(64 * 1024));
        sent = true;
      },
    });
    return reply.type('text/plain').send(body);
  });
  app.get('/fails', () => {
    throw new Error('a real fault');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, lines, port: (app.server.address() as AddressInfo).port };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('the server logger', () => {
  it('logs a reply the client cut short at info, not error', async () => {
    const { app, lines, port } = await appWithLog();
    try {
      const req = http.get({ port, path: '/slow', headers: { 'accept-encoding': 'gzip' } });
      const [res] = (await once(req, 'response')) as [http.IncomingMessage];
      await once(res, 'data');
      req.destroy();
      await until(() => lines.some((l) => l.msg === CLIENT_ABORT_MESSAGE));
      const abort = lines.find((l) => l.msg === CLIENT_ABORT_MESSAGE);
      expect(abort?.level).toBe(30);
      expect(abort?.err?.message).toBe('premature close');
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('still logs a server fault at error level', async () => {
    const { app, lines } = await appWithLog();
    try {
      const res = await app.inject('/fails');
      expect(res.statusCode).toBe(500);
      const errors = lines.filter((l) => l.level >= 50);
      expect(errors.map((l) => l.err?.message)).toEqual(['a real fault']);
    } finally {
      await app.close();
    }
  });
});
