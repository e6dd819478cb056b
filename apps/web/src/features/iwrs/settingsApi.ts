import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Medication, MedicationStatus, RandomisationListSummary, RandomisationStrata, Shipment } from '@edc/domain';
import { api, apiPage } from '../../shared/api/client';
import { iwrsKey } from './api';

export interface Stock {
  researchOrganisationId: string;
  researchOrganisationNumber: string;
  available: number;
  low: boolean;
}

export function useLists(enabled: boolean) {
  return useQuery({
    queryKey: [...iwrsKey, 'lists'],
    queryFn: ({ signal }) => api.get<RandomisationListSummary[]>('/RandomisationLists', { signal, quietErrors: true }),
    enabled,
  });
}

/** GET /RandomisationStrata: the stratification field and used/remaining per stratum. */
export function useStrata(enabled: boolean) {
  return useQuery({
    queryKey: [...iwrsKey, 'strata'],
    queryFn: ({ signal }) => api.get<RandomisationStrata>('/RandomisationStrata', { signal, quietErrors: true }),
    enabled,
  });
}

export function useStock() {
  return useQuery({
    queryKey: [...iwrsKey, 'stock'],
    queryFn: ({ signal }) => api.get<Stock[]>('/Medication/Stock', { signal, quietErrors: true }),
  });
}

export interface KitsParams {
  page: number;
  pageSize: number;
  researchOrganisationId: string;
  status: MedicationStatus | '';
}

/** GET /Medication: the kit inventory, server-paged by kit number. */
export function useKits(p: KitsParams) {
  return useQuery({
    queryKey: [...iwrsKey, 'kits', p],
    queryFn: ({ signal }) =>
      apiPage<Medication>('/Medication', {
        query: {
          Page: p.page,
          PageSize: p.pageSize,
          researchOrganisationId: p.researchOrganisationId || undefined,
          status: p.status || undefined,
        },
        signal,
        quietErrors: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useShipments(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...iwrsKey, 'shipments', page, pageSize],
    queryFn: ({ signal }) =>
      apiPage<Shipment>('/Shipments', { query: { Page: page, PageSize: pageSize }, signal, quietErrors: true }),
    placeholderData: keepPreviousData,
  });
}

/** The text of a chosen file (CSV uploads are sent as text in JSON). */
/** The body of a list or kit upload: CSV as text, an XLSX workbook in base64 (docs/iwrs.md, "Files"). */
export async function tableFileBody(file: File): Promise<{ csv: string } | { xlsx: string }> {
  if (!/\.xlsx$/i.test(file.name)) return { csv: await file.text() };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { xlsx: btoa(binary) };
}

export const TABLE_FILE_ACCEPT = '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
