export * from './values.js';
export * from './typed.js';
export * from './section-window.js';
export * from './visibility.js';
export * from './access.js';
export * from './reference.js';
export * from './validation.js';
