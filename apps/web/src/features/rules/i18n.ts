import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@edc/domain';
import ru from '../../locales/ru/rules.json';
import en from '../../locales/en/rules.json';
// The lists are the design pages' responsive list and the field types are named in `design`.
import '../design/i18n';

/** The `rules` namespace is registered when the rules page or a field's rules load (not in the /login bundle). */
export function registerRulesNamespace(): void {
  if (!i18n.hasResourceBundle('ru', 'rules')) i18n.addResourceBundle('ru', 'rules', ru, true, true);
  if (!i18n.hasResourceBundle('en', 'rules')) i18n.addResourceBundle('en', 'rules', en, true, true);
}
registerRulesNamespace();

/** The interface language, for the rule engine's own messages (re-renders when it changes). */
export function useRuleLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return instance.language?.startsWith('en') ? 'en' : 'ru';
}
