import type { Language } from './enums.js';

/**
 * Server error texts in both languages, by code. Placeholders in braces are filled from params.
 * The Russian texts the spec quotes are used verbatim.
 */
export const ERROR_MESSAGES = {
  validation: { ru: 'Некорректное значение поля «{field}»: {detail}', en: 'Invalid value of “{field}”: {detail}' },
  required: { ru: 'Заполните поле «{field}»', en: 'Field “{field}” is required' },
  invalid_json: { ru: 'Тело запроса не является корректным JSON', en: 'The request body is not valid JSON' },
  payload_too_large: { ru: 'Слишком большой запрос', en: 'The request is too large' },
  unauthorized: { ru: 'Требуется вход в систему', en: 'Please sign in' },
  session_expired: { ru: 'Сеанс завершён, войдите снова', en: 'Your session has ended, please sign in again' },
  forbidden: { ru: 'У Вас нет прав для выполнения этого действия', en: 'You are not allowed to do this' },
  no_research_access: { ru: 'У Вас нет прав доступа к исследованию', en: 'You have no access to this research' },
  not_found: { ru: 'Объект не найден', en: 'Not found' },
  route_not_found: { ru: 'Адрес не найден', en: 'No such address' },
  conflict: {
    ru: 'Данные были изменены другим пользователем, обновите страницу',
    en: 'The data was changed by someone else; reload the page',
  },
  rate_limited: { ru: 'Слишком много запросов, повторите позже', en: 'Too many requests, try again later' },
  internal: { ru: 'Внутренняя ошибка сервера', en: 'Internal server error' },
  wrong_credentials: { ru: 'Неверный e-mail или пароль', en: 'Wrong e-mail or password' },
  account_locked: {
    ru: 'Учётная запись заблокирована после 5 неудачных попыток входа, повторите через {minutes} мин.',
    en: 'The account is locked after 5 failed sign-ins; try again in {minutes} min.',
  },
  wrong_old_password: { ru: 'Неверный текущий пароль', en: 'The current password is wrong' },
  short_password: { ru: 'Short password', en: 'Short password' },
  invalid_token: { ru: 'Ссылка недействительна или устарела', en: 'The link is invalid or has expired' },
  external_login_disabled: {
    ru: 'Вход из внешней системы не настроен',
    en: 'Sign-in from the external system is not configured',
  },
  email_taken: { ru: 'Пользователь с таким e-mail уже существует', en: 'A user with this e-mail already exists' },
  organisation_exists: { ru: 'Организация «{name}» уже существует', en: 'Organisation “{name}” already exists' },
  organisation_unknown: { ru: 'Организация «{name}» не найдена', en: 'Organisation “{name}” was not found' },
  already_member: { ru: 'Пользователь уже состоит в организации', en: 'The user already belongs to this organisation' },
  already_employee: {
    ru: 'Пользователь уже работает в этом центре с этой ролью',
    en: 'The user already has this role in this centre',
  },
  role_not_offered: {
    ru: 'Роль «{role}» недоступна для центра этого типа',
    en: 'Role “{role}” is not offered for a centre of this type',
  },
  employee_blocked: { ru: 'Доступ сотрудника к исследованию закрыт', en: 'The employee’s access to this research is blocked' },
  organisation_user_unverified: {
    ru: 'Членство в организации ещё не подтверждено',
    en: 'Membership of this organisation is not yet verified',
  },
  cannot_delete_self: { ru: 'Нельзя удалить собственную учётную запись', en: 'You cannot delete your own account' },
  email_required: { ru: 'Укажите e-mail', en: 'Enter an e-mail' },
} as const satisfies Record<string, Record<Language, string>>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function errorMessage(code: ErrorCode, lang: Language, params: Record<string, string | number> = {}): string {
  return ERROR_MESSAGES[code][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}

/** Success texts returned in a reply's `message`. */
export const SUCCESS_MESSAGES = {
  saved: { ru: 'Сохранено', en: 'Saved' },
  deleted: { ru: 'Удалено', en: 'Deleted' },
  password_changed: { ru: 'Пароль изменён', en: 'Password changed' },
  restore_sent: {
    ru: 'Если такой e-mail зарегистрирован, на него отправлена ссылка для восстановления пароля',
    en: 'If this e-mail is registered, a link to restore the password has been sent to it',
  },
  ticket_sent: { ru: 'Обращение отправлено в поддержку', en: 'Your request has been sent to support' },
  signed_up: {
    ru: 'Регистрация выполнена. Ссылка для установки пароля отправлена на e-mail',
    en: 'Registered. A link to set your password has been sent to your e-mail',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type SuccessCode = keyof typeof SUCCESS_MESSAGES;
export function successMessage(code: SuccessCode, lang: Language): string {
  return SUCCESS_MESSAGES[code][lang];
}
