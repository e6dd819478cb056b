import i18n from 'i18next';
import ru from '../../locales/ru/dataEntry.json';
import en from '../../locales/en/dataEntry.json';
import '../subjects/i18n';

/**
 * The dataEntry namespace is registered when the subject visit page loads (not in app/i18n.ts), so its
 * strings stay out of the sign-in bundle; the page also uses the subjects namespace (statuses, points).
 */
export function registerDataEntryNamespace(): void {
  if (!i18n.hasResourceBundle('ru', 'dataEntry')) i18n.addResourceBundle('ru', 'dataEntry', ru, true, true);
  if (!i18n.hasResourceBundle('en', 'dataEntry')) i18n.addResourceBundle('en', 'dataEntry', en, true, true);
}
registerDataEntryNamespace();
