import { rules as ruleLanguage, type Language, type RuleType } from '@edc/domain';
import type { RuleTestOutcome } from '../../platform/db/schema/index.js';

/**
 * Texts of the rules module that are not errors: a test's outcome in the reader's language, the entry that
 * closes an Auto note, and the e-mail of an EmailAction.
 */

const FIRES: Record<RuleType, Record<Language, string>> = {
  NoteAction: { ru: 'будет создано замечание', en: 'a query will be raised' },
  EmailAction: { ru: 'будет отправлено письмо', en: 'an e-mail will be sent' },
  ToggleAction: { ru: 'поле будет скрыто', en: 'the field will be hidden' },
  InsertAction: { ru: 'значение будет предложено', en: 'the value will be proposed' },
};

/** The outcome of a rule's last test, as the test dialog and the rules page show it ('result'). */
export function ruleResultText(type: RuleType, outcome: RuleTestOutcome | null, lang: Language): string | null {
  if (!outcome) return null;
  const ru = lang === 'ru';
  if (!outcome.ok) {
    const f = outcome.failure;
    if (!f) return ru ? 'Правило не вычисляется' : 'The rule cannot be evaluated';
    return ruleLanguage.evaluationFailureMessage({ ok: false, ...f } as ruleLanguage.EvaluationFailure, lang);
  }
  if (type === 'InsertAction') {
    return `${ru ? 'Значение' : 'Value'}: ${outcome.value ?? ''}; ${FIRES.InsertAction[lang]}`;
  }
  return outcome.fires
    ? `${ru ? 'Условие выполняется (true)' : 'The condition holds (true)'}: ${FIRES[type][lang]}`
    : ru
      ? 'Условие не выполняется (false): действие не выполняется'
      : 'The condition does not hold (false): nothing is done';
}

/**
 * The entry that closes an Auto note once the data no longer triggers its rule: one text in both languages
 * (an entry is stored once and read by users of either), as the notes' history shows it.
 */
export const AUTO_CLOSE_TEXT =
  'Закрыто автоматически: данные больше не вызывают срабатывание правила / Closed automatically: the data no longer triggers the rule';

/** What an EmailAction mail tells. */
export interface RuleMailContext {
  message: string;
  protocol: string;
  subject: string;
  visit: string;
  form: string;
  field: string;
  value: string | null;
  link: string;
}

export function ruleMailText(c: RuleMailContext, lang: Language): { subject: string; text: string } {
  if (lang === 'en') {
    return {
      subject: `Research ${c.protocol}, subject ${c.subject}: ${c.message}`.slice(0, 250),
      text:
        `${c.message}\n\nResearch: ${c.protocol}\nSubject: ${c.subject}\nVisit: ${c.visit}\nForm: ${c.form}\n` +
        `Field: ${c.field}\nValue entered: ${c.value ?? '—'}\n\n${c.link}\n\nThis message was sent by a rule of the research.`,
    };
  }
  return {
    subject: `Исследование ${c.protocol}, субъект ${c.subject}: ${c.message}`.slice(0, 250),
    text:
      `${c.message}\n\nИсследование: ${c.protocol}\nСубъект: ${c.subject}\nВизит: ${c.visit}\nФорма: ${c.form}\n` +
      `Поле: ${c.field}\nВведённое значение: ${c.value ?? '—'}\n\n${c.link}\n\nПисьмо отправлено правилом исследования.`,
  };
}
