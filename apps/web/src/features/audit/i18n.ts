import i18n from 'i18next';
import ru from '../../locales/ru/audit.json';
import en from '../../locales/en/audit.json';
// The list of breaks is the design pages' responsive list, whose labels are in `design`.
import '../design/i18n';

/** The `audit` namespace, registered when the audit page loads (it stays out of the /login bundle). */
if (!i18n.hasResourceBundle('ru', 'audit')) i18n.addResourceBundle('ru', 'audit', ru);
if (!i18n.hasResourceBundle('en', 'audit')) i18n.addResourceBundle('en', 'audit', en);
