import type { DesignForm } from './export-design.js';

/**
 * The file of each form's dataset in a zip: `<form OID>.<extension>`. An OID kept from an imported ODM file may
 * hold any character, so what a file name cannot carry becomes `_`, and a name taken twice gets a number.
 */
export function datasetFileNamer(extension: string, reserved: string[] = []) {
  const taken = new Set<string>(reserved.map((r) => r.toLowerCase()));
  const byForm = new Map<string, string>();
  return (form: DesignForm): string => {
    let name = byForm.get(form.id);
    if (name) return name;
    const base = form.oid.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 150) || 'dataset';
    name = `${base}.${extension}`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}.${n}.${extension}`;
    taken.add(name.toLowerCase());
    byForm.set(form.id, name);
    return name;
  };
}

/** A dataset's short name: its form's OID without the generated `F.` prefix. */
export const datasetNameOf = (form: DesignForm) => (form.oid.startsWith('F.') ? form.oid.slice(2) : form.oid) || form.oid;
