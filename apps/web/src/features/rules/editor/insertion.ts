/**
 * How the editor's helpers put a piece of an expression at the caret: operators get a space on each side,
 * values (fields, options, literals) a space before them when they would otherwise touch the text before,
 * a template is a call with the caret between its parentheses (or around the selected text).
 */

export type Piece =
  | { kind: 'operator'; text: string }
  | { kind: 'value'; text: string }
  | { kind: 'plain'; text: string }
  | { kind: 'call'; name: string }
  | { kind: 'group' };

export interface Insertion {
  value: string;
  /** The caret after the insertion (a 0-based offset). */
  caret: number;
}

const touches = (prev: string) => prev !== '' && !/[\s(]/.test(prev);

/** The text with `piece` in place of the selection start…end. */
export function insertPiece(value: string, start: number, end: number, piece: Piece): Insertion {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  const before = value.slice(0, from);
  const selected = value.slice(from, to);
  const after = value.slice(to);
  const prev = before.slice(-1);
  const next = after.slice(0, 1);
  let text: string;
  let caret: number;
  switch (piece.kind) {
    case 'operator': {
      const lead = touches(prev) ? ' ' : '';
      const trail = next === '' || !/\s/.test(next) ? ' ' : '';
      text = `${lead}${piece.text}${trail}`;
      caret = text.length + (trail === '' ? 1 : 0);
      break;
    }
    case 'value':
      text = `${touches(prev) ? ' ' : ''}${piece.text}`;
      caret = text.length;
      break;
    case 'call': {
      const lead = touches(prev) ? ' ' : '';
      text = `${lead}${piece.name}(${selected})`;
      caret = selected ? text.length : text.length - 1;
      break;
    }
    case 'group':
      text = `(${selected})`;
      caret = selected ? text.length : 1;
      break;
    default:
      text = piece.text;
      caret = text.length;
  }
  const result = before + text + after;
  return { value: result, caret: Math.min(from + caret, result.length) };
}
