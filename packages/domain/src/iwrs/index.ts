export * from './medication-status.js';
export * from './seeded-random.js';
export * from './block-list.js';
export * from './iwrs-messages.js';
