export * from './qa-note-rules.js';
