import { rules, type Language } from '@edc/domain';
import type { RedcapTextKey } from './redcap-messages.js';

/**
 * REDCap's branching logic and calculations in this system's rules language (docs/rules.md), where they can
 * be said in it. REDCap writes `[weight] / ([height] / 100) ^ 2`, `[sex] = '1' and [age] >= 18`,
 * `round([x], 1)`; ours is the same shape with double-quoted strings, `<>` for "not equal", `;` between
 * arguments and its own function names. Anything else (if(), sum(), datediff(), smart variables, another
 * event's field `[event][field]`, a checkbox option `[field(code)]`) is refused with the reason, so the import
 * can list it instead of guessing.
 */

/** Why an expression does not translate: a report text (redcap-messages.ts `why_*`) and its detail. */
export type RedcapWhy = { key: RedcapTextKey; text: string };
export type RedcapTranslation = { ok: true; expression: string } | { ok: false; why: RedcapWhy };

export interface RedcapLogicContext {
  /** Whether a variable is a field of the project (a reference to anything else is refused). */
  isField(variable: string): boolean;
  /**
   * A coded choice of a variable as this system stores the value (the code itself, or its label): a
   * comparison `[sex] = '1'` compares with what is stored.
   */
  storedValue(variable: string, code: string): string;
}

type Token =
  | { kind: 'field'; name: string }
  | { kind: 'string'; value: string }
  | { kind: 'number'; text: string }
  | { kind: 'word'; text: string }
  | { kind: 'op'; text: string };

const FUNCTIONS: Record<string, { name: string; args: number }> = {
  round: { name: 'RoundAwayFromZero', args: 2 },
};

const why = (key: RedcapTextKey, text = ''): RedcapWhy => ({ key, text });

function tokenize(text: string): Token[] | RedcapWhy {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '[') {
      const end = text.indexOf(']', i);
      if (end < 0) return why('why_unclosed_bracket');
      const name = text.slice(i + 1, end).trim();
      if (text[end + 1] === '[') return why('why_other_event', text.slice(i, text.indexOf(']', end + 1) + 1));
      if (/\(.*\)$/.test(name)) return why('why_checkbox_option', name);
      out.push({ kind: 'field', name });
      i = end + 1;
    } else if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return why('why_unclosed_string');
      out.push({ kind: 'string', value: text.slice(i + 1, end) });
      i = end + 1;
    } else if (/[0-9.]/.test(c)) {
      const m = /^[0-9]*\.?[0-9]+/.exec(text.slice(i));
      if (!m) return why('why_number', String(i + 1));
      out.push({ kind: 'number', text: m[0] });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))!;
      out.push({ kind: 'word', text: m[0] });
      i += m[0].length;
    } else {
      const two = text.slice(i, i + 2);
      if (['<>', '!=', '<=', '>=', '=='].includes(two)) {
        out.push({ kind: 'op', text: two });
        i += 2;
      } else if ('=<>+-*/^(),'.includes(c)) {
        out.push({ kind: 'op', text: c });
        i++;
      } else return why('why_character', c);
    }
  }
  return out;
}

const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;

/** Translates one REDCap expression; the result is parsed by the rules language before it is accepted. */
export function translateRedcapLogic(text: string, ctx: RedcapLogicContext, lang: Language = 'en'): RedcapTranslation {
  const tokens = tokenize(text.trim());
  if (!Array.isArray(tokens)) return { ok: false, why: tokens };
  if (!tokens.length) return { ok: false, why: why('why_empty') };
  const parts: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    switch (t.kind) {
      case 'field':
        if (!ctx.isField(t.name)) return { ok: false, why: why('why_not_field', t.name) };
        parts.push(`[${t.name}]`);
        break;
      case 'number':
        parts.push(t.text);
        break;
      case 'string': {
        // A string compared with a coded field is one of its codes: it becomes the value as stored.
        const prev = tokens[i - 2];
        const next = tokens[i + 2];
        const field = prev?.kind === 'field' ? prev.name : next?.kind === 'field' ? next.name : null;
        parts.push(quote(field ? ctx.storedValue(field, t.value) : t.value));
        break;
      }
      case 'word': {
        const w = t.text.toLowerCase();
        if (w === 'and' || w === 'or') parts.push(w.toUpperCase());
        else if (w === 'true' || w === 'false') parts.push(w);
        else if (Object.hasOwn(FUNCTIONS, w) && tokens[i + 1]?.kind === 'op' && (tokens[i + 1] as { text: string }).text === '(')
          parts.push(FUNCTIONS[w]!.name);
        else return { ok: false, why: why('why_function', t.text) };
        break;
      }
      case 'op':
        if (t.text === '!=') parts.push('<>');
        else if (t.text === '==') parts.push('=');
        else if (t.text === ',') parts.push(';');
        else parts.push(t.text);
        break;
    }
  }
  const expression = parts.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')').replace(/ ;/g, ';');
  const parsed = rules.parseRule(expression);
  if (!parsed.ok) return { ok: false, why: why('why_syntax', rules.ruleErrorMessage(parsed.error, lang)) };
  return { ok: true, expression: rules.printRule(parsed.ast) };
}
