/**
 * Input masks (spec section 5): `0` is a digit, `a` is a letter, `*` is any character, brackets mark an
 * optional part; every other character stands for itself. Brackets may not nest and may not be empty.
 */

export type MaskProblem = 'unclosed_bracket' | 'unopened_bracket' | 'nested_bracket' | 'empty_optional' | 'empty';

export interface MaskCheck {
  ok: boolean;
  problem?: MaskProblem;
  /** 0-based position of the offending character */
  position?: number;
}

export function checkMask(mask: string): MaskCheck {
  if (mask.length === 0) return { ok: false, problem: 'empty', position: 0 };
  let open = -1;
  for (let i = 0; i < mask.length; i++) {
    const c = mask[i];
    if (c === '[') {
      if (open >= 0) return { ok: false, problem: 'nested_bracket', position: i };
      open = i;
    } else if (c === ']') {
      if (open < 0) return { ok: false, problem: 'unopened_bracket', position: i };
      if (i === open + 1) return { ok: false, problem: 'empty_optional', position: i };
      open = -1;
    }
  }
  if (open >= 0) return { ok: false, problem: 'unclosed_bracket', position: open };
  return { ok: true };
}

/** Escapes a literal for a `u`-flag pattern (which refuses needless escapes such as `\-`). */
const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The regular expression a value must match in full; throws on a mask that fails checkMask. */
export function maskToRegExp(mask: string): RegExp {
  const check = checkMask(mask);
  if (!check.ok) throw new Error(`invalid mask: ${check.problem} at ${check.position}`);
  let out = '';
  for (const c of mask) {
    if (c === '0') out += '\\d';
    else if (c === 'a') out += '\\p{L}';
    else if (c === '*') out += '.';
    else if (c === '[') out += '(?:';
    else if (c === ']') out += ')?';
    else out += escape(c);
  }
  return new RegExp(`^${out}$`, 'u');
}

export function matchesMask(value: string, mask: string): boolean {
  return maskToRegExp(mask).test(value);
}

/** Whether a regular-expression mask compiles (the server refuses one that does not). */
export function isValidRegExMask(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
