import i18n from 'i18next';
import ru from '../../locales/ru/dataExchange.json';
import en from '../../locales/en/dataExchange.json';

/** The `dataExchange` namespace is registered when the data exchange page loads (not in the /login bundle). */
export function registerDataExchangeNamespace(): void {
  if (!i18n.hasResourceBundle('ru', 'dataExchange')) i18n.addResourceBundle('ru', 'dataExchange', ru, true, true);
  if (!i18n.hasResourceBundle('en', 'dataExchange')) i18n.addResourceBundle('en', 'dataExchange', en, true, true);
}
registerDataExchangeNamespace();
