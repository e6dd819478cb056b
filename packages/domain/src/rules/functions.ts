import type { Localised } from '../enum-labels.js';
import type { RuleFunctionName, RuleValueType } from './types.js';
import { civilFromDays, SECONDS_PER_DAY, type Value } from './values.js';

/**
 * The formula templates of rules (spec section 5), their signatures and their formulas. Each formula is a
 * pure function of numbers; docs/rules.md gives the references and worked examples, functions.test.ts
 * checks them against published values.
 */

/** Serum creatinine: 1 mg/dl = 88.4 µmol/l (molar mass of creatinine 113.12 g/mol). */
export const CREATININE_UMOL_PER_MG_DL = 88.4;

/** Whole years from a birth date to a date (day numbers); null when the date is before the birth date. */
export function ageInYears(birthDay: number, atDay: number): number | null {
  if (atDay < birthDay) return null;
  const [by, bm, bd] = civilFromDays(birthDay);
  const [ay, am, ad] = civilFromDays(atDay);
  // One born on 29 February has a birthday on 1 March in a common year.
  return ay - by - (am < bm || (am === bm && ad < bd) ? 1 : 0);
}

/** Body-mass index, kg/m²: weight / (height in metres)². */
export function bmi(weightKg: number, heightCm: number): number {
  const metres = heightCm / 100;
  return weightKg / (metres * metres);
}

/**
 * Creatinine clearance by Cockcroft and Gault (1976), ml/min:
 * (140 − age) × weight / (72 × Scr in mg/dl), × 0.85 for a woman; creatinine given in µmol/l.
 */
export function creatinineClearance(ageYears: number, weightKg: number, creatinineUmolL: number, female: boolean): number {
  const scr = creatinineUmolL / CREATININE_UMOL_PER_MG_DL;
  return (((140 - ageYears) * weightKg) / (72 * scr)) * (female ? 0.85 : 1);
}

/**
 * eGFR by the CKD-EPI 2021 creatinine equation without race (Inker et al., NEJM 2021), ml/min/1.73 m²:
 * 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^age × 1.012 for a woman; κ 0.7 (F) / 0.9 (M),
 * α −0.241 (F) / −0.302 (M), Scr in mg/dl; creatinine given in µmol/l.
 */
export function ckdEpi2021(creatinineUmolL: number, ageYears: number, female: boolean): number {
  const scr = creatinineUmolL / CREATININE_UMOL_PER_MG_DL;
  const kappa = female ? 0.7 : 0.9;
  const alpha = female ? -0.241 : -0.302;
  const ratio = scr / kappa;
  return 142 * Math.min(ratio, 1) ** alpha * Math.max(ratio, 1) ** -1.2 * 0.9938 ** ageYears * (female ? 1.012 : 1);
}

/** Significant digits a value is taken to before rounding, so that binary noise (0.7 + 0.1 = 0.7999…) does not count. */
const ROUNDING_PRECISION = 15;
export const MAX_ROUND_DIGITS = 15;

/** x × 10^n computed on x's decimal digits (1.005 × 10² = 100.5 exactly, not 100.49999…). */
function shift(x: number, n: number): number {
  const s = String(x);
  const e = s.indexOf('e');
  return e < 0 ? Number(`${s}e${n}`) : Number(`${s.slice(0, e)}e${Number(s.slice(e + 1)) + n}`);
}

function round(x: number, digits: number, mode: 'awayFromZero' | 'toZero'): number {
  const y = Number(x.toPrecision(ROUNDING_PRECISION));
  const a = Math.abs(y);
  const scaled = shift(a, digits);
  // At 2^52 and beyond a double has no fraction left to round.
  if (!(scaled < 2 ** 52)) return y;
  const whole = Math.floor(scaled);
  const r = mode === 'toZero' || scaled - whole < 0.5 ? whole : whole + 1;
  const out = shift(r, -digits);
  return out === 0 ? 0 : y < 0 ? -out : out;
}

/** x rounded to digits decimals, a half away from zero (2.5 → 3, −2.5 → −3; .NET MidpointRounding.AwayFromZero). */
export const roundAwayFromZero = (x: number, digits: number) => round(x, digits, 'awayFromZero');
/** x cut to digits decimals towards zero (2.79 → 2.7 with 1 digit, −2.79 → −2.7; .NET MidpointRounding.ToZero). */
export const roundToZero = (x: number, digits: number) => round(x, digits, 'toZero');

const FEMALE = new Set(['female', 'f', 'woman', 'ж', 'жен', 'женский', 'женщина', 'женский пол']);
const MALE = new Set(['male', 'm', 'man', 'м', 'муж', 'мужской', 'мужчина', 'мужской пол']);

/** The sex a text names (Male/Female, М/Ж, Мужской/Женский…, any case, a trailing dot ignored); null when none. */
export function readSex(text: string): 'Male' | 'Female' | null {
  const key = text.trim().toLowerCase().replace(/\.$/, '').replace(/\s+/g, ' ');
  return FEMALE.has(key) ? 'Female' : MALE.has(key) ? 'Male' : null;
}

export interface RuleFunction {
  name: RuleFunctionName;
  /** The types each argument may have. */
  params: readonly (readonly RuleValueType[])[];
  /** Both arguments must have the same type (MinutesBetween: two times or two date-times). */
  sameType?: boolean;
  /** Arguments that must be whole numbers in a range when written as a literal (0-based index). */
  digitsParam?: number;
  /** Arguments naming a sex (0-based index). */
  sexParam?: number;
  /** How the template reads in the editor. */
  signature: Localised;
}

const DATES: readonly RuleValueType[] = ['date', 'datetime'];
const NUMBER: readonly RuleValueType[] = ['number'];
const TEXT: readonly RuleValueType[] = ['text'];

export const RULE_FUNCTIONS: Readonly<Record<RuleFunctionName, RuleFunction>> = {
  Age: {
    name: 'Age',
    params: [DATES, DATES],
    signature: { ru: 'Age(дата рождения; дата)', en: 'Age(birth date; date)' },
  },
  Bmi: {
    name: 'Bmi',
    params: [NUMBER, NUMBER],
    signature: { ru: 'Bmi(вес, кг; рост, см)', en: 'Bmi(weight, kg; height, cm)' },
  },
  CreatinineClearance: {
    name: 'CreatinineClearance',
    params: [NUMBER, NUMBER, NUMBER, TEXT],
    sexParam: 3,
    signature: {
      ru: 'CreatinineClearance(возраст, лет; вес, кг; креатинин, мкмоль/л; пол)',
      en: 'CreatinineClearance(age, years; weight, kg; creatinine, µmol/l; sex)',
    },
  },
  Ckd: {
    name: 'Ckd',
    params: [NUMBER, NUMBER, TEXT],
    sexParam: 2,
    signature: { ru: 'Ckd(креатинин, мкмоль/л; возраст, лет; пол)', en: 'Ckd(creatinine, µmol/l; age, years; sex)' },
  },
  DaysBetween: {
    name: 'DaysBetween',
    params: [DATES, DATES],
    signature: { ru: 'DaysBetween(с даты; по дату)', en: 'DaysBetween(from date; to date)' },
  },
  MinutesBetween: {
    name: 'MinutesBetween',
    params: [
      ['time', 'datetime'],
      ['time', 'datetime'],
    ],
    sameType: true,
    signature: { ru: 'MinutesBetween(с момента; по момент)', en: 'MinutesBetween(from; to)' },
  },
  RoundAwayFromZero: {
    name: 'RoundAwayFromZero',
    params: [NUMBER, NUMBER],
    digitsParam: 1,
    signature: { ru: 'RoundAwayFromZero(число; знаков после запятой)', en: 'RoundAwayFromZero(number; decimals)' },
  },
  RoundToZero: {
    name: 'RoundToZero',
    params: [NUMBER, NUMBER],
    digitsParam: 1,
    signature: { ru: 'RoundToZero(число; знаков после запятой)', en: 'RoundToZero(number; decimals)' },
  },
};

/** Why a formula refused its arguments. */
export type InvalidArgumentDetail = 'date_before_birth' | 'not_positive' | 'negative' | 'unknown_sex' | 'digits';

/** A formula's result, or which argument (0-based) it refused and why. */
export type FunctionOutcome = { value: Value } | { type_mismatch: true } | { invalid: InvalidArgumentDetail; index: number };

const num = (v: Value | undefined): number | null => (v?.t === 'number' ? v.n : null);
const day = (v: Value | undefined): number | null =>
  v?.t === 'date' ? v.n : v?.t === 'datetime' ? Math.floor(v.n / SECONDS_PER_DAY) : null;
const mismatch = { type_mismatch: true } as const;
const number = (n: number): FunctionOutcome => ({ value: { t: 'number', n } });

function sexOf(v: Value | undefined): 'Male' | 'Female' | null | undefined {
  return v?.t === 'text' ? readSex(v.s) : undefined;
}

/** Applies a formula to evaluated arguments (their count and types are checked here too). */
export function applyRuleFunction(name: RuleFunctionName, args: readonly Value[]): FunctionOutcome {
  if (args.length !== RULE_FUNCTIONS[name].params.length) return mismatch;
  const [a, b, c, d] = args;
  switch (name) {
    case 'Age': {
      const birth = day(a);
      const at = day(b);
      if (birth === null || at === null) return mismatch;
      const years = ageInYears(birth, at);
      return years === null ? { invalid: 'date_before_birth', index: 1 } : number(years);
    }
    case 'Bmi': {
      const w = num(a);
      const h = num(b);
      if (w === null || h === null) return mismatch;
      if (!(w > 0)) return { invalid: 'not_positive', index: 0 };
      if (!(h > 0)) return { invalid: 'not_positive', index: 1 };
      return number(bmi(w, h));
    }
    case 'CreatinineClearance': {
      const [age, w, scr, sex] = [num(a), num(b), num(c), sexOf(d)];
      if (age === null || w === null || scr === null || sex === undefined) return mismatch;
      if (age < 0) return { invalid: 'negative', index: 0 };
      if (!(w > 0)) return { invalid: 'not_positive', index: 1 };
      if (!(scr > 0)) return { invalid: 'not_positive', index: 2 };
      if (sex === null) return { invalid: 'unknown_sex', index: 3 };
      return number(creatinineClearance(age, w, scr, sex === 'Female'));
    }
    case 'Ckd': {
      const [scr, age, sex] = [num(a), num(b), sexOf(c)];
      if (scr === null || age === null || sex === undefined) return mismatch;
      if (!(scr > 0)) return { invalid: 'not_positive', index: 0 };
      if (age < 0) return { invalid: 'negative', index: 1 };
      if (sex === null) return { invalid: 'unknown_sex', index: 2 };
      return number(ckdEpi2021(scr, age, sex === 'Female'));
    }
    case 'DaysBetween': {
      const from = day(a);
      const to = day(b);
      return from === null || to === null ? mismatch : number(to - from);
    }
    case 'MinutesBetween': {
      if (!a || !b || a.t !== b.t || (a.t !== 'time' && a.t !== 'datetime')) return mismatch;
      return number(((b as { n: number }).n - a.n) / 60);
    }
    case 'RoundAwayFromZero':
    case 'RoundToZero': {
      const x = num(a);
      const digits = num(b);
      if (x === null || digits === null) return mismatch;
      if (!Number.isInteger(digits) || digits < 0 || digits > MAX_ROUND_DIGITS) return { invalid: 'digits', index: 1 };
      return number(name === 'RoundToZero' ? roundToZero(x, digits) : roundAwayFromZero(x, digits));
    }
  }
}
