import { validationSideOf, type ValidationRefusal, type ValidationSide } from '@edc/domain';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict, forbidden, type AppError } from '../../platform/http/errors.js';

/**
 * Who validates (docs/queries-and-validation.md): the QA, DM and KIO employees of the subject's research.
 * The caller's scope (404 for another research's or another centre's object) is checked before, by the
 * context loaders; this gives the caller's side, 403 for everyone else — an administrator who reads every
 * research included — and for a side's endpoint called by another side (data managers validate through the
 * DM endpoints only, QA staff through the QA ones: spec section 6).
 */
export function assertValidationSide(
  caller: ActorCaller,
  subject: { researchId: string },
  endpoint?: ValidationSide,
): ValidationSide {
  const e = caller.actor.employee;
  const side =
    e && e.researchId === subject.researchId
      ? validationSideOf({ organisationType: e.organisationType, employeeType: e.employeeType })
      : null;
  if (!side || (endpoint && side !== endpoint)) throw forbidden();
  return side;
}

/** A refusal of the domain rules as the API answers it: 403 `forbidden`, 409 with the code otherwise. */
export function refusalError(code: ValidationRefusal, path?: string): AppError {
  return code === 'forbidden' ? forbidden('forbidden', path) : conflict(code, path);
}
