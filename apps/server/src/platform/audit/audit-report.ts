import type { AuditHead, AuditVerification } from './audit.js';

const headLine = (label: string, h: AuditHead) => `${label} seq ${h.seq} at ${h.at} chains ${h.chains} heads digest ${h.hash}`;

/** A verification as plain text lines (the CLI prints them). */
export function describeVerification(v: AuditVerification): string[] {
  const lines = [
    `key fingerprint ${v.keyFingerprint}`,
    `records checked ${v.checked} in ${v.chains} chain(s)`,
    v.head ? headLine('head', v.head) : 'the audit trail is empty',
  ];
  if (v.asOf) lines.push(headLine('as of', v.asOf));
  if (v.ok) return [...lines, 'the audit chains are intact'];
  lines.push(`BROKEN: ${v.breakCount} break(s)${v.breaksTruncated ? `, the first ${v.breaks.length} listed` : ''}`);
  for (const b of v.breaks) {
    lines.push(`  ${b.chain} #${b.position} seq ${b.seq} id ${b.id} at ${b.at} ${b.action}: ${b.problems.join(', ')}`);
  }
  return lines;
}

/** The CLI's arguments: `--as-of <seq>` (or `--as-of=<seq>`) asks for the head as it stood at that seq. */
export function parseVerifyArgs(argv: readonly string[]): { asOf?: number } {
  const i = argv.findIndex((a) => a === '--as-of' || a.startsWith('--as-of='));
  if (i < 0) return {};
  const raw = argv[i]!.includes('=') ? argv[i]!.slice('--as-of='.length) : argv[i + 1];
  const asOf = Number(raw);
  if (!raw || !Number.isSafeInteger(asOf) || asOf < 0) throw new Error('--as-of needs a record number (seq)');
  return { asOf };
}
