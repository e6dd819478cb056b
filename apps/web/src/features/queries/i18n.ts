import i18n from 'i18next';
import ru from '../../locales/ru/queries.json';
import en from '../../locales/en/queries.json';

/**
 * The queries namespace is registered when the queries page loads (not in app/i18n.ts), so its strings stay
 * out of the sign-in bundle. The page also names roles (`enums`, always loaded) and pages with the centres
 * pager (`centres`, always loaded).
 */
export function registerQueriesNamespace(): void {
  if (!i18n.hasResourceBundle('ru', 'queries')) i18n.addResourceBundle('ru', 'queries', ru, true, true);
  if (!i18n.hasResourceBundle('en', 'queries')) i18n.addResourceBundle('en', 'queries', en, true, true);
}
registerQueriesNamespace();
