import type { callsAs } from './test-app.js';

/**
 * Polls GET /Documents/{id} as the caller (the web app does so every 2 s; faster here) until the generated
 * document is no longer Started, and gives its last state.
 */
export async function settledDocument(caller: Pick<ReturnType<typeof callsAs>, 'ok'>, id: string) {
  for (let i = 0; i < 300; i++) {
    const doc = await caller.ok('GET', `/Documents/${id}`);
    if (doc.status !== 'Started') return doc;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`document ${id} still Started`);
}
