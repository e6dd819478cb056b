import i18n from 'i18next';
import ru from '../../locales/ru/versions.json';
import en from '../../locales/en/versions.json';
// The shared list and dialogs of the design area speak the `design` namespace.
import '../design/i18n';

/**
 * The `versions` namespace is registered when the versions page loads (every module of this feature
 * imports this one), so its strings stay out of the /login bundle.
 */
if (!i18n.hasResourceBundle('ru', 'versions')) i18n.addResourceBundle('ru', 'versions', ru);
if (!i18n.hasResourceBundle('en', 'versions')) i18n.addResourceBundle('en', 'versions', en);
