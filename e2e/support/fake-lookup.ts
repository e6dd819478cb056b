import type { Page } from '@playwright/test';

export interface FakeCompany {
  name: string;
  shortName: string;
  inn: string;
  kpp: string;
  address: string;
}

/** A 10-digit INN of this run (the test database is fresh, the stamp keeps reruns apart). */
export function fakeInn(stamp: string, suffix: string): string {
  return `7${stamp}${suffix}`.padEnd(10, '0').slice(0, 10);
}

/**
 * The company registry as the browser sees it: GET /api/Organisations/Lookup answers from `companies`
 * (by name, short name or INN, like the registry's suggestions) with `kind: 'registry'`. The test server
 * has no registry configured (its lookup searches the organisations known here); this stands in for one.
 */
export async function fakeCompanyRegistry(page: Page, companies: FakeCompany[]): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api/Organisations/Lookup',
    async (route) => {
      const query = (new URL(route.request().url()).searchParams.get('query') ?? '').trim().toLowerCase();
      const suggestions = companies
        .filter((c) => [c.name, c.shortName, c.inn].some((v) => v.toLowerCase().includes(query)))
        .map((c) => ({ ...c, source: 'registry' as const }));
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: { kind: 'registry', suggestions } }),
      });
    },
  );
}
