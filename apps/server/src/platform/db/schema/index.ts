export * from './identity.js';
export * from './research.js';
export * from './audit.js';
export * from './design.js';
export * from './centres.js';
export * from './references.js';
export * from './subjects.js';
