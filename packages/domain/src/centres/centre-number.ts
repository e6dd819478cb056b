import type { OrganisationType } from '../enums.js';

/**
 * Centre numbers (researchOrganisationNumber). A site's number is the one the protocol gives it and is
 * typed in; every other centre type gets a derived number: a letter for the type, a dash and a two-digit
 * sequence number within the research (A-01, Q-01, K-01, T-01; then A-02 ... ...).
 */
export const CENTRE_NUMBER_PREFIXES: Record<Exclude<OrganisationType, 'Site'>, string> = {
  Admin: 'A',
  Qa: 'Q',
  Kio: 'K',
  TestSite: 'T',
};

/** Whether a centre of this type needs its number typed in (only sites do). */
export const centreNumberIsManual = (type: OrganisationType): type is 'Site' => type === 'Site';

/**
 * The next number for a centre of a non-site type: one past the highest number of that type's pattern
 * among `taken` (every number the research has ever used, deleted centres included, so a number is never
 * given to a second centre), at least 01.
 */
export function nextCentreNumber(type: Exclude<OrganisationType, 'Site'>, taken: readonly string[]): string {
  const prefix = CENTRE_NUMBER_PREFIXES[type];
  const pattern = new RegExp(`^${prefix}-(\\d+)$`);
  let highest = 0;
  for (const n of taken) {
    const m = pattern.exec(n.trim().toUpperCase());
    if (m) highest = Math.max(highest, Number(m[1]));
  }
  return `${prefix}-${String(highest + 1).padStart(2, '0')}`;
}
