import i18n from 'i18next';
import ru from '../../locales/ru/timepoints.json';
import en from '../../locales/en/timepoints.json';
// The pages use the design pages' responsive list and dialogs (their texts are in `design`).
import '../design/i18n';

/** The `timepoints` namespace is registered when a time points page loads (not in the /login bundle). */
export function registerTimePointsNamespace(): void {
  if (!i18n.hasResourceBundle('ru', 'timepoints')) i18n.addResourceBundle('ru', 'timepoints', ru, true, true);
  if (!i18n.hasResourceBundle('en', 'timepoints')) i18n.addResourceBundle('en', 'timepoints', en, true, true);
}
registerTimePointsNamespace();
