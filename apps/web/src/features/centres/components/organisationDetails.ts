/**
 * The rules of an organisation's details as they are entered (organisation lookup, registration) and
 * edited (its card); imported as a namespace: `organisationDetails.problemOf(values, k)`.
 */
import type { TFunction } from 'i18next';
import { inn as innSchema, kpp as kppSchema } from '@edc/domain';
import type { OrganisationInput } from '../api';

export type Key = keyof OrganisationInput;

/** The details in the order they are shown and entered. */
export const KEYS: Key[] = ['name', 'shortName', 'address', 'inn', 'kpp'];
const REQUIRED: Key[] = ['name', 'shortName', 'address'];

export const isRequired = (k: Key) => REQUIRED.includes(k);

/** The problem of an entered detail: `required` or `invalid` (INN and KPP formats), else null. */
export function problemOf(values: OrganisationInput, k: Key): 'required' | 'invalid' | null {
  const v = String(values[k] ?? '').trim();
  if (REQUIRED.includes(k)) return v ? null : 'required';
  if (!v) return null;
  const schema = k === 'inn' ? innSchema : kppSchema;
  return schema.safeParse(v).success ? null : 'invalid';
}

/** What a field says about its problem. */
export function problemText(t: TFunction, k: Key, problem: 'required' | 'invalid' | null) {
  if (problem === 'required') return t('common:validation.required');
  if (problem === 'invalid') return t(`centres:organisations.${k === 'inn' ? 'innInvalid' : 'kppInvalid'}`);
  return undefined;
}

/** The details as the inputs hold them (no INN or KPP: empty). */
export const valuesOf = (o: {
  name: string;
  shortName: string;
  address: string;
  inn?: string | null;
  kpp?: string | null;
}): Record<Key, string> => ({
  name: o.name,
  shortName: o.shortName,
  address: o.address,
  inn: o.inn ?? '',
  kpp: o.kpp ?? '',
});

/** The details' labels. */
export const labelsOf = (t: TFunction): Record<Key, string> => ({
  name: t('identity:organisation.name'),
  shortName: t('identity:organisation.shortName'),
  address: t('identity:organisation.address'),
  inn: t('centres:organisations.inn'),
  kpp: t('centres:organisations.kpp'),
});
