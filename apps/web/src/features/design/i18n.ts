import i18n from 'i18next';
import ru from '../../locales/ru/design.json';
import en from '../../locales/en/design.json';

/**
 * The `design` namespace is registered when the first design page loads (every design page imports
 * this module), so its strings stay out of the /login bundle.
 */
if (!i18n.hasResourceBundle('ru', 'design')) i18n.addResourceBundle('ru', 'design', ru);
if (!i18n.hasResourceBundle('en', 'design')) i18n.addResourceBundle('en', 'design', en);
