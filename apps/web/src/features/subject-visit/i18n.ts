import i18n from 'i18next';
import ru from '../../locales/ru/dataEntry.json';
import en from '../../locales/en/dataEntry.json';
import ruNotes from '../../locales/ru/notes.json';
import enNotes from '../../locales/en/notes.json';
import ruValidation from '../../locales/ru/validation.json';
import enValidation from '../../locales/en/validation.json';
import '../subjects/i18n';

/**
 * The dataEntry and notes namespaces are registered when the subject visit page loads (not in app/i18n.ts),
 * so their strings stay out of the sign-in bundle; the page also uses the subjects namespace (statuses, points).
 */
export function registerDataEntryNamespace(): void {
  if (!i18n.hasResourceBundle('ru', 'dataEntry')) i18n.addResourceBundle('ru', 'dataEntry', ru, true, true);
  if (!i18n.hasResourceBundle('en', 'dataEntry')) i18n.addResourceBundle('en', 'dataEntry', en, true, true);
}

/** The notes (queries) namespace: the note indicators, the field's notes and their dialogs. */
export function registerNotesNamespace(): void {
  if (!i18n.hasResourceBundle('ru', 'notes')) i18n.addResourceBundle('ru', 'notes', ruNotes, true, true);
  if (!i18n.hasResourceBundle('en', 'notes')) i18n.addResourceBundle('en', 'notes', enNotes, true, true);
}

/** The validation namespace: validation by QA, data managers and monitors (sections, forms, the visit's forms). */
export function registerValidationNamespace(): void {
  if (!i18n.hasResourceBundle('ru', 'validation')) i18n.addResourceBundle('ru', 'validation', ruValidation, true, true);
  if (!i18n.hasResourceBundle('en', 'validation')) i18n.addResourceBundle('en', 'validation', enValidation, true, true);
}
registerDataEntryNamespace();
registerNotesNamespace();
registerValidationNamespace();
