import type { ReactNode } from 'react';
import { FieldPair } from '../components';
import type { Key } from './organisationDetails';

/** The inputs of an organisation's details in their layout: name, short name and address, then INN and KPP side by side. */
export function OrganisationDetailFields({ input }: { input: (k: Key) => ReactNode }) {
  return (
    <>
      {input('name')}
      {input('shortName')}
      {input('address')}
      <FieldPair>
        {input('inn')}
        {input('kpp')}
      </FieldPair>
    </>
  );
}
