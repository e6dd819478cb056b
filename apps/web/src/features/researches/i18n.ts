import i18n from 'i18next';
import ru from '../../locales/ru/researches.json';
import en from '../../locales/en/researches.json';
// The list reuses the design pages' responsive list and dialogs, whose labels are in `design`.
import '../design/i18n';

/**
 * The `researches` namespace is registered when a research page loads (both pages import this module),
 * so its strings stay out of the /login bundle.
 */
if (!i18n.hasResourceBundle('ru', 'researches')) i18n.addResourceBundle('ru', 'researches', ru);
if (!i18n.hasResourceBundle('en', 'researches')) i18n.addResourceBundle('en', 'researches', en);
