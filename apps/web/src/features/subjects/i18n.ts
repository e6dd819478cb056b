import i18n from 'i18next';
import ru from '../../locales/ru/subjects.json';
import en from '../../locales/en/subjects.json';

/**
 * The subjects namespace is registered when the subject pages load (not in app/i18n.ts), so its
 * strings stay out of the sign-in bundle.
 */
export function registerSubjectsNamespace(): void {
  if (!i18n.hasResourceBundle('ru', 'subjects')) i18n.addResourceBundle('ru', 'subjects', ru, true, true);
  if (!i18n.hasResourceBundle('en', 'subjects')) i18n.addResourceBundle('en', 'subjects', en, true, true);
}
registerSubjectsNamespace();
