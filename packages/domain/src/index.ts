export * from './enums.js';
export * from './constants.js';
export * from './permissions.js';
export * from './messages.js';
export * as common from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/identity.js';
export * from './references/reference-range.js';
