import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, ENUM_LABELS, LANGUAGES, type Language } from '@edc/domain';
import { LANGUAGE_STORAGE } from '../config';
import ruCommon from '../locales/ru/common.json';
import ruAuth from '../locales/ru/auth.json';
import ruIdentity from '../locales/ru/identity.json';
import ruShell from '../locales/ru/shell.json';
import ruSupport from '../locales/ru/support.json';
import ruHelp from '../locales/ru/help.json';
import ruCentres from '../locales/ru/centres.json';
import enCommon from '../locales/en/common.json';
import enAuth from '../locales/en/auth.json';
import enIdentity from '../locales/en/identity.json';
import enShell from '../locales/en/shell.json';
import enSupport from '../locales/en/support.json';
import enHelp from '../locales/en/help.json';
import enCentres from '../locales/en/centres.json';

export const resources = {
  ru: {
    common: ruCommon,
    auth: ruAuth,
    identity: ruIdentity,
    shell: ruShell,
    support: ruSupport,
    enums: ENUM_LABELS.ru,
    help: ruHelp,
    centres: ruCentres,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    identity: enIdentity,
    shell: enShell,
    support: enSupport,
    enums: ENUM_LABELS.en,
    help: enHelp,
    centres: enCentres,
  },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language remembered on this device (used while signed out). */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE);
    if (isLanguage(value)) return value;
  } catch {
    /* ignore */
  }
  return DEFAULT_LANGUAGE;
}

export function rememberLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE, lang);
  } catch {
    /* ignore */
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers it on this device. */
export async function applyLanguage(lang: Language): Promise<void> {
  rememberLanguage(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources.ru),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
document.documentElement.lang = i18n.language;

export default i18n;
