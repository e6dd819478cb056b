export * from './note-rules.js';
