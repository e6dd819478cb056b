/** A person's name as lists show it: last name, first name, patronymic (when there is one). */
export function personFullName(p: { lastName: string; firstName: string; patronymic?: string | null }): string {
  return [p.lastName, p.firstName, p.patronymic].filter(Boolean).join(' ');
}
