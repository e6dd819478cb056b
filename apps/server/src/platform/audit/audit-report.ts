import type { AuditVerification } from './audit.js';

/** A verification as plain text lines (the CLI prints them). */
export function describeVerification(v: AuditVerification): string[] {
  const lines = [
    `key fingerprint ${v.keyFingerprint}`,
    `records checked ${v.checked}`,
    v.head ? `head seq ${v.head.seq} at ${v.head.at} hash ${v.head.hash}` : 'the audit trail is empty',
  ];
  if (v.ok) return [...lines, 'the audit chain is intact'];
  lines.push(`BROKEN: ${v.breakCount} break(s)${v.breaksTruncated ? `, the first ${v.breaks.length} listed` : ''}`);
  for (const b of v.breaks) {
    lines.push(`  #${b.position} seq ${b.seq} id ${b.id} at ${b.at} ${b.action}: ${b.problems.join(', ')}`);
  }
  return lines;
}
