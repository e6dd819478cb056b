import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  applyRuleFunction,
  bmi,
  ckdEpi2021,
  creatinineClearance,
  CREATININE_UMOL_PER_MG_DL,
  readSex,
  roundAwayFromZero,
  roundToZero,
} from './functions.js';
import { daysFromCivil } from './values.js';

const day = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return daysFromCivil(y, m, d);
};
const umol = (mgPerDl: number) => mgPerDl * CREATININE_UMOL_PER_MG_DL;

describe('Age: whole years completed at the date', () => {
  it.each([
    ['1990-05-15', '2024-05-14', 33],
    ['1990-05-15', '2024-05-15', 34],
    ['1990-05-15', '1990-05-15', 0],
    ['2000-12-31', '2001-12-30', 0],
    ['2000-12-31', '2001-12-31', 1],
    // Born on 29 February: the birthday of a common year is on 1 March.
    ['2000-02-29', '2001-02-28', 0],
    ['2000-02-29', '2001-03-01', 1],
    ['2000-02-29', '2004-02-29', 4],
    ['1900-01-01', '2024-06-30', 124],
  ])('born %s, at %s: %i', (birth, at, years) => {
    expect(ageInYears(day(birth), day(at))).toBe(years);
  });

  it('is not defined for a date before the birth date', () => {
    expect(ageInYears(day('2000-01-02'), day('2000-01-01'))).toBeNull();
  });
});

describe('Bmi: kg/m² (WHO)', () => {
  it('70 kg and 175 cm give 22.86', () => {
    expect(bmi(70, 175)).toBeCloseTo(22.857142857, 9);
    expect(roundAwayFromZero(bmi(70, 175), 2)).toBe(22.86);
  });
  it('80 kg and 180 cm give 24.69; 100 kg and 200 cm give 25', () => {
    expect(roundAwayFromZero(bmi(80, 180), 2)).toBe(24.69);
    expect(bmi(100, 200)).toBe(25);
  });
});

describe('CreatinineClearance: Cockcroft and Gault (Nephron 1976;16:31–41), creatinine in µmol/l', () => {
  it('a man of 70, 75 kg, creatinine 1.0 mg/dl (88.4 µmol/l): (140 − 70) × 75 / (72 × 1.0) = 72.9 ml/min', () => {
    expect(creatinineClearance(70, 75, 88.4, false)).toBeCloseTo(5250 / 72, 10);
    expect(roundAwayFromZero(creatinineClearance(70, 75, 88.4, false), 1)).toBe(72.9);
  });
  it('a man of 60, 80 kg, creatinine 1.2 mg/dl: 6400 / 86.4 = 74.1 ml/min', () => {
    expect(roundAwayFromZero(creatinineClearance(60, 80, umol(1.2), false), 1)).toBe(74.1);
  });
  it('a man of 65, 70 kg, creatinine 1.4 mg/dl: 5250 / 100.8 = 52.1 ml/min', () => {
    expect(roundAwayFromZero(creatinineClearance(65, 70, umol(1.4), false), 1)).toBe(52.1);
  });
  it('a woman: × 0.85 (45 years, 65 kg, 0.9 mg/dl: 6175 / 64.8 × 0.85 = 81.0 ml/min)', () => {
    expect(roundAwayFromZero(creatinineClearance(45, 65, umol(0.9), true), 1)).toBe(81);
    expect(creatinineClearance(70, 75, 88.4, true)).toBeCloseTo((5250 / 72) * 0.85, 10);
  });
});

describe('Ckd: CKD-EPI 2021 without race (Inker et al., NEJM 2021;385:1737–49), creatinine in µmol/l', () => {
  it('a man of 55, creatinine 1.2 mg/dl (106.08 µmol/l): 142 × (1.2/0.9)^−1.200 × 0.9938^55 = 71 (as the NKF calculator gives)', () => {
    const egfr = ckdEpi2021(umol(1.2), 55, false);
    expect(egfr).toBeCloseTo(142 * (1.2 / 0.9) ** -1.2 * 0.9938 ** 55, 9);
    expect(egfr).toBeCloseTo(71.42, 2);
    expect(roundAwayFromZero(egfr, 0)).toBe(71);
  });
  it('a woman of 50, creatinine 0.6 mg/dl (below κ = 0.7): 142 × (0.6/0.7)^−0.241 × 0.9938^50 × 1.012 = 109', () => {
    const egfr = ckdEpi2021(umol(0.6), 50, true);
    expect(egfr).toBeCloseTo(142 * (0.6 / 0.7) ** -0.241 * 0.9938 ** 50 * 1.012, 9);
    expect(egfr).toBeCloseTo(109.28, 2);
  });
  it('a woman of 60, creatinine 1.8 mg/dl: 32 (stage G3b)', () => {
    expect(ckdEpi2021(umol(1.8), 60, true)).toBeCloseTo(31.86, 2);
  });
  it('a man of 40 at creatinine κ = 0.9 mg/dl: 142 × 0.9938^40 = 110.7', () => {
    expect(ckdEpi2021(umol(0.9), 40, false)).toBeCloseTo(142 * 0.9938 ** 40, 9);
    expect(ckdEpi2021(umol(0.9), 40, false)).toBeCloseTo(110.73, 2);
  });
  it('uses α below κ and −1.200 above it, and is continuous at κ', () => {
    const at = ckdEpi2021(umol(0.7), 40, true);
    expect(ckdEpi2021(umol(0.7) * (1 - 1e-9), 40, true)).toBeCloseTo(at, 5);
    expect(ckdEpi2021(umol(0.7) * (1 + 1e-9), 40, true)).toBeCloseTo(at, 5);
    expect(at).toBeCloseTo(142 * 0.9938 ** 40 * 1.012, 9);
  });
});

describe('RoundAwayFromZero and RoundToZero', () => {
  it.each([
    [2.5, 0, 3, 2],
    [-2.5, 0, -3, -2],
    [2.4, 0, 2, 2],
    [2.79, 1, 2.8, 2.7],
    [-2.79, 1, -2.8, -2.7],
    [1.45, 1, 1.5, 1.4],
    // The decimal a user typed counts, not its binary approximation (1.005 is 1.00499999… as a double).
    [1.005, 2, 1.01, 1],
    [0.285, 2, 0.29, 0.28],
    // Binary noise does not count: 0.7 + 0.1 is 0.7999999999999999.
    [0.7 + 0.1, 1, 0.8, 0.8],
    [22.857142857142858, 2, 22.86, 22.85],
    [123.456, 0, 123, 123],
    [-0.4, 0, 0, 0],
    [1e300, 2, 1e300, 1e300],
    [5e-324, 15, 0, 0],
  ])('%d to %i digits: %d away from zero, %d towards zero', (x, digits, away, toZero) => {
    expect(roundAwayFromZero(x, digits)).toBe(away);
    expect(roundToZero(x, digits)).toBe(toZero);
  });
  it('never gives −0', () => {
    expect(Object.is(roundToZero(-0.4, 0), 0)).toBe(true);
    expect(Object.is(roundAwayFromZero(-0.001, 1), 0)).toBe(true);
  });
});

describe('readSex', () => {
  it.each([
    ['Male', 'Male'],
    ['female', 'Female'],
    [' Ж ', 'Female'],
    ['жен.', 'Female'],
    ['Женский', 'Female'],
    ['М', 'Male'],
    ['M', 'Male'],
    ['Мужской', 'Male'],
    ['Both', null],
    ['', null],
  ])('%s → %s', (text, sex) => {
    expect(readSex(text)).toBe(sex);
  });
});

describe('applyRuleFunction', () => {
  const n = (x: number) => ({ t: 'number', n: x }) as const;
  const text = (s: string) => ({ t: 'text', s }) as const;
  it('refuses the wrong count or types of arguments', () => {
    expect(applyRuleFunction('Bmi', [n(70)])).toEqual({ type_mismatch: true });
    expect(applyRuleFunction('Bmi', [n(70), text('175')])).toEqual({ type_mismatch: true });
    expect(
      applyRuleFunction('MinutesBetween', [
        { t: 'time', n: 0 },
        { t: 'datetime', n: 60 },
      ]),
    ).toEqual({ type_mismatch: true });
  });
  it('names the argument it refuses', () => {
    expect(applyRuleFunction('Bmi', [n(70), n(0)])).toEqual({ invalid: 'not_positive', index: 1 });
    expect(applyRuleFunction('Ckd', [n(80), n(40), text('Both')])).toEqual({ invalid: 'unknown_sex', index: 2 });
    expect(applyRuleFunction('CreatinineClearance', [n(-1), n(70), n(80), text('M')])).toEqual({ invalid: 'negative', index: 0 });
    expect(applyRuleFunction('RoundToZero', [n(1.5), n(0.5)])).toEqual({ invalid: 'digits', index: 1 });
    expect(applyRuleFunction('RoundToZero', [n(1.5), n(16)])).toEqual({ invalid: 'digits', index: 1 });
    expect(
      applyRuleFunction('Age', [
        { t: 'date', n: 10 },
        { t: 'date', n: 9 },
      ]),
    ).toEqual({ invalid: 'date_before_birth', index: 1 });
  });
  it('counts days and minutes from the first argument to the second', () => {
    expect(
      applyRuleFunction('DaysBetween', [
        { t: 'date', n: day('2024-02-28') },
        { t: 'date', n: day('2024-03-01') },
      ]),
    ).toEqual({ value: n(2) });
    expect(
      applyRuleFunction('DaysBetween', [
        { t: 'date', n: day('2023-03-01') },
        { t: 'date', n: day('2023-02-28') },
      ]),
    ).toEqual({ value: n(-1) });
    expect(
      applyRuleFunction('MinutesBetween', [
        { t: 'time', n: 9 * 3600 },
        { t: 'time', n: 10 * 3600 + 30 * 60 + 30 },
      ]),
    ).toEqual({ value: n(90.5) });
  });
});
