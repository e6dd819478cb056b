/** The texts of the external trial system link (docs/external-trial.md), part of ERROR_MESSAGES. */
export const DR_TRIAL_ERROR_MESSAGES = {
  dr_trial_off: {
    ru: 'Связь с DrTrial не настроена',
    en: 'The link to DrTrial is not configured',
  },
  dr_trial_visits_failed: {
    ru: 'Произошла ошибка при загрузке визитов из DrTrial',
    en: 'An error occurred while loading the visits from DrTrial',
  },
  dr_trial_research_mismatch: {
    ru: 'Исследование связано с исследованием DrTrial «{drTrialId}», а не «{given}»',
    en: 'The research is linked to DrTrial research “{drTrialId}”, not “{given}”',
  },
  dr_trial_research_unlinked: {
    ru: 'Исследование не связано с DrTrial: укажите его идентификатор в DrTrial',
    en: 'The research is not linked to DrTrial: give its DrTrial id',
  },
  dr_trial_not_linked: {
    ru: 'Отправить в DrTrial можно только визит субъекта, связанного с DrTrial, по визиту DrTrial',
    en: 'Only a visit of a subject linked to DrTrial, at a DrTrial visit, can be sent to DrTrial',
  },
  dr_trial_visit_not_signed: {
    ru: 'Отправить в DrTrial можно только документ подписанного визита',
    en: 'Only a document of a signed visit can be sent to DrTrial',
  },
  dr_trial_already_sent: {
    ru: 'Документ уже отправлен в DrTrial или ожидает отправки',
    en: 'The document has already been sent to DrTrial or is waiting to be sent',
  },
  dr_trial_send_refused: {
    ru: 'DrTrial отклонил документ (ответ {status}): отправка не будет повторена',
    en: 'DrTrial refused the document (answer {status}); it will not be sent again',
  },
} as const;
