export * from './identity.js';
export * from './research.js';
export * from './audit.js';
