import { z } from 'zod';
import { design, isoToText } from '@edc/domain';
import { dateText } from '../../shared/forms/dateText';
import type { ResearchCreate, ResearchRead, ResearchUpdate } from './api';

/**
 * The research form (spec sections 3 and 5) on top of the server's schema: the same limits, with the
 * inputs' empty texts turned into "not given". Dates are typed as DD.MM.YYYY (DateField) and sent as
 * YYYY-MM-DD; an empty, incomplete or impossible date is refused, so nothing is saved.
 */
const server = design.researchCreate.shape;
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null);
const optionalInt = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : Number(v)),
  z.number().int().min(0).max(2_147_483_647).nullable(),
);
const labels = (max: number) => z.array(z.string().trim().min(1).max(100)).max(max);

const researchShape = {
  grlsProtocolNumber: server.grlsProtocolNumber,
  grlsProtocol: server.grlsProtocol,
  sponsor: server.sponsor,
  grlsStartDate: dateText(),
  grlsPhase: server.grlsPhase,
  mnn: server.mnn,
  protocolVersion: server.protocolVersion,
  protocolVersionDate: dateText(),
  drTrialId: optionalText(100),
  grlsRkiNumber: optionalInt,
  plannedSubject: optionalInt,
  totalPeriods: z.coerce.number<unknown>().int().min(1).max(100),
  pointList: labels(200),
  groupList: labels(50),
  researchKey: optionalText(100),
};

export const researchCreateForm = z.object({ ...researchShape, withIwrs: z.boolean() });
export type ResearchFormInput = z.input<typeof researchCreateForm>;
export type ResearchFormOutput = z.output<typeof researchCreateForm>;
export type ResearchFieldName = keyof ResearchFormInput;

/** Texts the server cannot clear once given (they may be missing on older researches). */
const KEPT_TEXTS = ['grlsProtocol', 'sponsor', 'grlsPhase', 'mnn'] as const;
type KeptText = (typeof KEPT_TEXTS)[number];

/** Required when the research has a value; otherwise an empty input leaves it unset. */
const kept = (r: ResearchRead, name: KeptText) =>
  r[name] ? researchShape[name] : optionalText(researchShape[name].maxLength ?? 4000).transform((v) => v ?? undefined);

/**
 * Research info (spec section 5): protocol version, its date and the start date are required; the
 * protocol number, and the texts the research already has, stay required since they cannot be cleared.
 * The IWRS flag is not edited here (it has its own call).
 */
export const researchInfoForm = (r: ResearchRead) =>
  z.object({
    ...researchShape,
    grlsProtocol: kept(r, 'grlsProtocol'),
    sponsor: kept(r, 'sponsor'),
    grlsPhase: kept(r, 'grlsPhase'),
    mnn: kept(r, 'mnn'),
    withIwrs: z.boolean(),
  });
export type ResearchInfoOutput = z.output<ReturnType<typeof researchInfoForm>>;

/** Which inputs of the info form are required for this research. */
export function infoRequired(r: ResearchRead): ReadonlySet<ResearchFieldName> {
  const names: ResearchFieldName[] = ['grlsProtocolNumber', 'protocolVersion', 'protocolVersionDate', 'grlsStartDate'];
  return new Set([...names, ...KEPT_TEXTS.filter((n) => Boolean(r[n]))]);
}

export const CREATE_REQUIRED: ReadonlySet<ResearchFieldName> = new Set([
  'grlsProtocolNumber',
  'grlsProtocol',
  'sponsor',
  'grlsStartDate',
  'grlsPhase',
  'mnn',
  'protocolVersion',
  'protocolVersionDate',
  'totalPeriods',
]);

export const EMPTY_RESEARCH: ResearchFormInput = {
  grlsProtocolNumber: '',
  grlsProtocol: '',
  sponsor: '',
  grlsStartDate: '',
  grlsPhase: '',
  mnn: '',
  protocolVersion: '',
  protocolVersionDate: '',
  drTrialId: '',
  grlsRkiNumber: '',
  plannedSubject: '',
  totalPeriods: 1,
  pointList: [],
  groupList: [],
  researchKey: '',
  withIwrs: false,
};

export const fromResearch = (r: ResearchRead): ResearchFormInput => ({
  grlsProtocolNumber: r.grlsProtocolNumber,
  grlsProtocol: r.grlsProtocol ?? '',
  sponsor: r.sponsor ?? '',
  grlsStartDate: isoToText(r.grlsStartDate),
  grlsPhase: r.grlsPhase ?? '',
  mnn: r.mnn ?? '',
  protocolVersion: r.protocolVersion ?? '',
  protocolVersionDate: isoToText(r.protocolVersionDate),
  drTrialId: r.drTrialId ?? '',
  grlsRkiNumber: r.grlsRkiNumber ?? '',
  plannedSubject: r.plannedSubject ?? '',
  totalPeriods: r.totalPeriods,
  pointList: r.pointList,
  groupList: r.groupList,
  researchKey: r.researchKey ?? '',
  withIwrs: r.withIwrs,
});

export const toCreateBody = (v: ResearchFormOutput): ResearchCreate => v;
export const toUpdateBody = ({ withIwrs: _iwrs, ...v }: ResearchInfoOutput): ResearchUpdate => v;
