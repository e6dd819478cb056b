export * from './dr-trial-messages.js';
export * from './dr-trial-schemas.js';
