/**
 * The life of a treatment kit (pack) in the IWRS: the spec's 19 medication and pack statuses (operations
 * section 3) and the actions that move a kit between them (docs/iwrs.md, "Kit statuses"). The server
 * refuses any action this table does not allow, and logs every move it allows.
 */
export const MEDICATION_STATUSES = [
  'Unknown',
  'Created',
  'Expired',
  'RequestOfDestroy',
  'Destroyed',
  'RequestOfLost',
  'Lost',
  'ShipToSite',
  'AcceptedInSite',
  'RequestToReturn',
  'ShipToSponsor',
  'Returned',
  'Dispensed',
  'Freezed',
  'PackUpped',
  'QaApproved',
  'ConfirmDispense',
  'MissedDispense',
  'DropOut',
] as const;
export type MedicationStatus = (typeof MEDICATION_STATUSES)[number];

/** Statuses a kit sits in at the sponsor's depot, ready or not yet ready to ship. */
const AT_DEPOT = ['Created', 'PackUpped', 'QaApproved'] as const satisfies readonly MedicationStatus[];

/**
 * Every action, the statuses it starts from and the status it leads to. Depot work: register, packUp,
 * qaApprove; supply: ship (in a shipment), accept (the site confirms its arrival); at the subject:
 * dispense, confirmDispense, missDispense, dropOut (the subject left with the kit); quarantine: freeze,
 * then releaseAtDepot or releaseAtSite; expire (the expiry date has passed); losses, destruction and
 * returns go through a request and its confirmation.
 */
export const MEDICATION_TRANSITIONS = {
  register: { from: ['Unknown'], to: 'Created' },
  packUp: { from: ['Created'], to: 'PackUpped' },
  qaApprove: { from: ['Created', 'PackUpped'], to: 'QaApproved' },
  ship: { from: ['QaApproved'], to: 'ShipToSite' },
  accept: { from: ['ShipToSite'], to: 'AcceptedInSite' },
  dispense: { from: ['AcceptedInSite'], to: 'Dispensed' },
  confirmDispense: { from: ['Dispensed'], to: 'ConfirmDispense' },
  missDispense: { from: ['Dispensed'], to: 'MissedDispense' },
  dropOut: { from: ['Dispensed', 'ConfirmDispense'], to: 'DropOut' },
  freeze: { from: [...AT_DEPOT, 'ShipToSite', 'AcceptedInSite'], to: 'Freezed' },
  releaseAtDepot: { from: ['Freezed'], to: 'QaApproved' },
  releaseAtSite: { from: ['Freezed'], to: 'AcceptedInSite' },
  expire: { from: [...AT_DEPOT, 'ShipToSite', 'AcceptedInSite', 'Freezed'], to: 'Expired' },
  requestLost: { from: [...AT_DEPOT, 'ShipToSite', 'AcceptedInSite', 'Freezed', 'ShipToSponsor'], to: 'RequestOfLost' },
  confirmLost: { from: ['RequestOfLost'], to: 'Lost' },
  requestDestroy: { from: ['Expired', 'Freezed', 'Returned', 'MissedDispense'], to: 'RequestOfDestroy' },
  destroy: { from: ['RequestOfDestroy'], to: 'Destroyed' },
  requestReturn: {
    from: ['AcceptedInSite', 'Expired', 'Freezed', 'MissedDispense', 'ConfirmDispense', 'DropOut'],
    to: 'RequestToReturn',
  },
  shipToSponsor: { from: ['RequestToReturn'], to: 'ShipToSponsor' },
  receiveReturn: { from: ['ShipToSponsor'], to: 'Returned' },
} as const satisfies Record<string, { from: readonly MedicationStatus[]; to: MedicationStatus }>;

export type MedicationAction = keyof typeof MEDICATION_TRANSITIONS;
export const MEDICATION_ACTIONS = Object.keys(MEDICATION_TRANSITIONS) as MedicationAction[];

/**
 * Actions taken on one kit by hand through POST /Medication/{id}/Status. The others happen as a part of
 * something larger: register (import), ship and accept (shipments), dispense, confirmDispense and
 * missDispense (dosings), expire (the expiry sweep).
 */
export const MANUAL_MEDICATION_ACTIONS = [
  'packUp',
  'qaApprove',
  'freeze',
  'releaseAtDepot',
  'releaseAtSite',
  'requestLost',
  'confirmLost',
  'requestDestroy',
  'destroy',
  'requestReturn',
  'shipToSponsor',
  'receiveReturn',
  'dropOut',
] as const satisfies readonly MedicationAction[];
export type ManualMedicationAction = (typeof MANUAL_MEDICATION_ACTIONS)[number];

/** The status a kit in `status` moves to by `action`, or null when the table does not allow it. */
export function nextMedicationStatus(status: MedicationStatus, action: MedicationAction): MedicationStatus | null {
  const t: { from: readonly MedicationStatus[]; to: MedicationStatus } = MEDICATION_TRANSITIONS[action];
  return t.from.includes(status) ? t.to : null;
}

/** Statuses no action leads out of. */
export const FINAL_MEDICATION_STATUSES: readonly MedicationStatus[] = MEDICATION_STATUSES.filter((s) =>
  MEDICATION_ACTIONS.every((a) => nextMedicationStatus(s, a) === null),
);

/** The actions a kit in `status` can be given by hand (the kit's menu of actions in the screens). */
export function manualActionsFor(status: MedicationStatus): ManualMedicationAction[] {
  return MANUAL_MEDICATION_ACTIONS.filter((a) => nextMedicationStatus(status, a) !== null);
}
