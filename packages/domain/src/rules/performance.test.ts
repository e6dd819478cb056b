import { describe, expect, it } from 'vitest';
import { evaluateRule } from './evaluate.js';
import { parseRule } from './parser.js';
import { typeCheck } from './type-check.js';
import type { RuleAst, RuleField, RuleValues } from './types.js';

/**
 * The budget of issue 13: the rules of a 300-field form, 100 of them, evaluated on one save within 5 ms on
 * the server. Rules are parsed once and evaluated many times; the bound asserted here is generous (100
 * saves ≤ 200 ms, the best of five batches) so that a loaded machine does not make it flake; the figures are
 * printed.
 */

const fields: Record<string, RuleField> = {};
const values: Record<string, string> = {};
for (let i = 0; i < 300; i += 1) {
  const kind = i % 6;
  const code = `F${i}`;
  if (kind === 0 || kind === 1) {
    fields[code] = { fieldType: 'Number' };
    values[code] = String(40 + (i % 150) + 0.5);
  } else if (kind === 2) {
    fields[code] = { fieldType: 'Select', optionList: ['Да', 'Нет', 'Не известно'] };
    values[code] = i % 4 === 0 ? 'Да' : 'Нет';
  } else if (kind === 3) {
    fields[code] = { fieldType: 'Checkbox' };
    values[code] = i % 2 === 0 ? 'true' : 'false';
  } else if (kind === 4) {
    fields[code] = { fieldType: 'Date' };
    // Later fields hold later dates, so that Age(earlier; later) is defined.
    values[code] = `${1700 + i}-0${1 + (i % 9)}-1${i % 10}`;
  } else {
    fields[code] = { fieldType: 'Time' };
    values[code] = `0${i % 10}:${10 + (i % 50)}`;
  }
}

const num = (k: number) => `F${(k * 6) % 300}`;
const num2 = (k: number) => `F${(k * 6 + 1) % 300}`;
const sel = (k: number) => `F${(k * 6 + 2) % 300}`;
const chk = (k: number) => `F${(k * 6 + 3) % 300}`;
const date = (k: number) => `F${(k * 6 + 4) % 300}`;
const time = (k: number) => `F${(k * 6 + 5) % 300}`;
/** Two date fields, the earlier first. */
const dates = (k: number, j: number) => {
  const [a, b] = [(k * 6 + 4) % 300, (j * 6 + 4) % 300].sort((x, y) => x - y);
  return `[F${a}]; [F${b}]`;
};

const TEMPLATES = [
  (k: number) => `[${num(k)}] < 10 OR [${num(k)}] > 180`,
  (k: number) => `RoundAwayFromZero(Bmi([${num(k)}]; [${num2(k)}]); 1)`,
  (k: number) => `Age(${dates(k, k + 1)}) < 18 AND [${sel(k)}] = "Да"`,
  (k: number) => `NOT [${chk(k)}] AND ([${num(k)}] - [${num2(k)}]) / 2 >= 15,5 XOR [${sel(k + 1)}] <> "Нет"`,
  (k: number) => `MinutesBetween([${time(k)}]; [${time(k + 1)}]) > 30 OR DaysBetween([${date(k)}]; [${date(k + 2)}]) > 365`,
  (k: number) => `Ckd([${num(k)}]; Age(${dates(k, k + 3)}); "Female") < 60`,
  (k: number) => `CreatinineClearance(45; [${num(k)}]; [${num2(k)}]; "M") < 50 AND [${chk(k + 1)}]`,
  (k: number) => `RoundToZero([${num(k)}] * 2,2046; 0) % 7 = 3 OR [${num(k)}] ^ 2 > 10000`,
];

const rules: RuleAst[] = Array.from({ length: 100 }, (_, k) => {
  const parsed = parseRule(TEMPLATES[k % TEMPLATES.length]!(k));
  if (!parsed.ok) throw new Error(`rule ${k}: ${parsed.error.code}`);
  const checked = typeCheck(parsed.ast, fields);
  if (!checked.ok) throw new Error(`rule ${k}: ${JSON.stringify(checked.errors)}`);
  return parsed.ast;
});

function saveOnce(vals: RuleValues): number {
  let evaluated = 0;
  for (const rule of rules) if (evaluateRule(rule, vals, fields).ok) evaluated += 1;
  return evaluated;
}

describe('performance', () => {
  it('evaluates 100 rules over a 300-field form 100 times within 200 ms', () => {
    expect(saveOnce(values)).toBe(100);
    for (let i = 0; i < 20; i += 1) saveOnce(values);
    // The best of five batches, and the median save: robust to a machine busy with other work.
    const batches: number[] = [];
    const saves: number[] = [];
    for (let b = 0; b < 5; b += 1) {
      const start = performance.now();
      for (let i = 0; i < 100; i += 1) {
        const t = performance.now();
        saveOnce(values);
        saves.push(performance.now() - t);
      }
      batches.push(performance.now() - start);
    }
    saves.sort((a, b) => a - b);
    const best = Math.min(...batches);
    const p50 = saves[Math.floor(saves.length / 2)]!;
    console.log(
      `rules: 100 rules × 100 saves in ${best.toFixed(1)} ms at best (batches ${batches.map((t) => t.toFixed(0)).join(', ')} ms); one save p50 ${p50.toFixed(3)} ms`,
    );
    expect(best).toBeLessThan(200);
    expect(p50).toBeLessThan(2);
  });

  it('parses and checks the 100 rules quickly too', () => {
    const rounds: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const start = performance.now();
      for (let k = 0; k < 100; k += 1) {
        const parsed = parseRule(TEMPLATES[k % TEMPLATES.length]!(k));
        if (parsed.ok) typeCheck(parsed.ast, fields);
      }
      rounds.push(performance.now() - start);
    }
    expect(Math.min(...rounds)).toBeLessThan(100);
  });
});
