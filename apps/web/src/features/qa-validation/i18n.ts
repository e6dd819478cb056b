import i18n from 'i18next';
import ru from '../../locales/ru/qaValidation.json';
import en from '../../locales/en/qaValidation.json';

/** The qaValidation namespace is registered when a QA page loads, so its strings stay out of the sign-in bundle. */
export function registerQaNamespace(): void {
  if (!i18n.hasResourceBundle('ru', 'qaValidation')) i18n.addResourceBundle('ru', 'qaValidation', ru, true, true);
  if (!i18n.hasResourceBundle('en', 'qaValidation')) i18n.addResourceBundle('en', 'qaValidation', en, true, true);
}
registerQaNamespace();
