import type { TFunction } from 'i18next';
import type { User } from '@edc/domain';
import { fullName } from '../../identity/labels';
import type { Column } from '../components';

type Person = Pick<User, 'email' | 'firstName' | 'lastName' | 'patronymic'>;

/** The first columns of a list of people (users, members, employees): full name, then e-mail. */
export function personColumns<T>(t: TFunction, personOf: (row: T) => Person): Column<T>[] {
  return [
    { key: 'name', label: t('centres:users.fullName'), render: (row) => fullName(personOf(row)) },
    { key: 'email', label: t('centres:users.email'), render: (row) => personOf(row).email },
  ];
}
