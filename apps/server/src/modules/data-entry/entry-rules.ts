/**
 * The entry rules the services apply (docs/data-entry.md, "Entry rules"). They live in the domain package
 * (packages/domain/src/data-entry, shared with the web app, unit-tested there); this module is the one place
 * the server reads them from.
 */
export {
  validateItemValue,
  parseDecimal,
  hasValue,
  mayClearField,
  canEditForm,
  canSignVisit,
  completeSectionWindow,
  hiddenFields,
  type VisibilityNode,
  type ValueCheck,
} from '@edc/domain';
