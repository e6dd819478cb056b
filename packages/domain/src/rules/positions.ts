import type { RuleNode } from './types.js';

/**
 * A tree with every position set to 0: two texts that differ only in spacing, parentheses that change
 * nothing, the case of keywords and names or a decimal comma give the same tree without positions.
 */
export function withoutPositions(node: RuleNode): RuleNode {
  switch (node.kind) {
    case 'unary':
      return { ...node, pos: 0, end: 0, operand: withoutPositions(node.operand) };
    case 'binary':
      return { ...node, pos: 0, end: 0, opPos: 0, left: withoutPositions(node.left), right: withoutPositions(node.right) };
    case 'call':
      return { ...node, pos: 0, end: 0, args: node.args.map(withoutPositions) };
    default:
      return { ...node, pos: 0, end: 0 };
  }
}

/** Whether two trees mean the same expression (positions aside). */
export function sameRule(a: RuleNode, b: RuleNode): boolean {
  return JSON.stringify(withoutPositions(a)) === JSON.stringify(withoutPositions(b));
}
