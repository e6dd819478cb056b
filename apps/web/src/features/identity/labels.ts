import type { TFunction } from 'i18next';
import type { Employee } from '@edc/domain';

/** "<employee type> — <protocol number> — <centre short name>" as in the role/research selector. */
export function employeeContextLabel(t: TFunction, employee: Employee): string {
  const ro = employee.researchOrganisation;
  return [t(`enums:employeeType.${employee.employeeType}`), ro.research.grlsProtocolNumber, ro.organisation.shortName]
    .filter(Boolean)
    .join(' — ');
}

/** The rule lives with the domain package, so the server names people the same way. */
export { personFullName as fullName } from '@edc/domain';
