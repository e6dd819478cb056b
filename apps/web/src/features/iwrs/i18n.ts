import i18n from 'i18next';
import ru from '../../locales/ru/iwrs.json';
import en from '../../locales/en/iwrs.json';

/** The `iwrs` namespace is registered when a dosings or IWRS page loads (not in the /login bundle). */
export function registerIwrsNamespace(): void {
  if (!i18n.hasResourceBundle('ru', 'iwrs')) i18n.addResourceBundle('ru', 'iwrs', ru, true, true);
  if (!i18n.hasResourceBundle('en', 'iwrs')) i18n.addResourceBundle('en', 'iwrs', en, true, true);
}
registerIwrsNamespace();
