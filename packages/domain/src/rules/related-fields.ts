import type { RuleNode } from './types.js';

/**
 * The field codes an expression names, each once, in the order they first appear in the text: the rule's
 * relatedFormFieldCodes (spec section 5). Walks the tree without recursion.
 */
export function relatedFieldCodes(ast: RuleNode): string[] {
  const seen = new Set<string>();
  const stack: RuleNode[] = [ast];
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.kind) {
      case 'field':
        seen.add(node.code);
        break;
      case 'unary':
        stack.push(node.operand);
        break;
      case 'binary':
        stack.push(node.right, node.left);
        break;
      case 'call':
        for (let i = node.args.length - 1; i >= 0; i -= 1) stack.push(node.args[i]!);
        break;
    }
  }
  return [...seen];
}
