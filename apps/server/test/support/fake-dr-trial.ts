import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A document DrTrial holds, by the address it was put at. */
export interface Received {
  path: string;
  name: string;
  subjectVisitId: string;
  bytes: Buffer;
  /** How many times it was put there (a retry after a lost answer puts it again). */
  puts: number;
}

type Failure = { status: number } | 'reset' | 'garbage';

/**
 * A real HTTP server playing DrTrial (docs/external-trial.md "Contract") on an ephemeral port: it checks the
 * bearer token, serves the visits set per research, keeps the PDFs put to it, and can be told to fail the
 * next calls (an HTTP status, a dropped connection, a reply that is not its contract).
 */
export async function startFakeDrTrial(token: string) {
  const visits = new Map<string, unknown[]>();
  const documents = new Map<string, Received>();
  const failures: Failure[] = [];
  const log: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      log.push(`${req.method} ${req.url}`);
      const failure = failures.shift();
      if (failure === 'reset') return req.socket.destroy();
      if (typeof failure === 'object') return res.writeHead(failure.status).end('unavailable');
      if (req.headers.authorization !== `Bearer ${token}`) return res.writeHead(401).end('bad token');
      const url = new URL(req.url!.replace(/^\/api(?=\/)/, ''), 'http://drtrial');
      const list = url.pathname.match(/^\/researches\/([^/]+)\/visits$/);
      if (req.method === 'GET' && list) {
        if (failure === 'garbage') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"visits": 7}');
        const found = visits.get(decodeURIComponent(list[1]!));
        if (!found) return res.writeHead(404).end('no such research');
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ visits: found }));
      }
      const doc = url.pathname.match(/^\/researches\/[^/]+\/subjects\/[^/]+\/visits\/[^/]+\/documents\/[^/]+$/);
      if (req.method === 'PUT' && doc) {
        if (req.headers['content-type'] !== 'application/pdf') return res.writeHead(415).end();
        const before = documents.get(url.pathname);
        documents.set(url.pathname, {
          path: url.pathname,
          name: decodeURIComponent(String(req.headers['x-document-name'] ?? '')),
          subjectVisitId: String(req.headers['x-subject-visit-id'] ?? ''),
          bytes: Buffer.concat(chunks),
          puts: (before?.puts ?? 0) + 1,
        });
        return res.writeHead(before ? 200 : 201).end();
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    visits,
    documents,
    log,
    /** The next calls fail, in order. */
    fail(...next: Failure[]) {
      failures.push(...next);
    },
    reset() {
      failures.length = 0;
      log.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
