import { describe, expect, it } from 'vitest';
import { centreNumberIsManual, nextCentreNumber } from './centre-number.js';

describe('nextCentreNumber', () => {
  it('starts each non-site type at 01 with its letter', () => {
    expect(nextCentreNumber('Admin', [])).toBe('A-01');
    expect(nextCentreNumber('Qa', ['A-01', '101'])).toBe('Q-01');
    expect(nextCentreNumber('Kio', [])).toBe('K-01');
    expect(nextCentreNumber('TestSite', [])).toBe('T-01');
  });

  it('goes one past the highest number of the type, gaps are not reused', () => {
    expect(nextCentreNumber('Admin', ['A-01', 'A-03', 'Q-07'])).toBe('A-04');
    expect(nextCentreNumber('Qa', ['q-09'])).toBe('Q-10');
    expect(nextCentreNumber('Kio', ['K-99'])).toBe('K-100');
  });

  it('ignores numbers that only look alike', () => {
    expect(nextCentreNumber('Admin', ['A-1x', 'AA-05', 'A-'])).toBe('A-01');
  });
});

describe('centreNumberIsManual', () => {
  it('only sites type their number in', () => {
    expect(centreNumberIsManual('Site')).toBe(true);
    expect(centreNumberIsManual('TestSite')).toBe(false);
    expect(centreNumberIsManual('Admin')).toBe(false);
  });
});
