import type { Language } from './enums.js';
import type { Localised } from './enum-labels.js';
import { FUTURE_DATE_MESSAGES } from './subjects/dates.js';
import { IWRS_ERROR_MESSAGES } from './iwrs/iwrs-messages.js';
import { DR_TRIAL_ERROR_MESSAGES } from './external-trial/dr-trial-messages.js';

/**
 * Server error texts in both languages, by code. Placeholders in braces are filled from params.
 * The Russian texts the spec quotes are used verbatim.
 */
export const ERROR_MESSAGES = {
  validation: { ru: 'Некорректное значение поля «{field}»: {detail}', en: 'Invalid value of “{field}”: {detail}' },
  required: { ru: 'Заполните поле «{field}»', en: 'Field “{field}” is required' },
  invalid_url: { ru: 'Некорректный адрес запроса', en: 'The request address is malformed' },
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
  text_nul: {
    ru: 'Поле «{field}» содержит нулевой символ (U+0000), такой текст не принимается',
    en: 'Field “{field}” holds a NUL character (U+0000); such text is not accepted',
  },
  text_lone_surrogate: {
    ru: 'Поле «{field}» содержит повреждённый текст (одиночный суррогат UTF-16), такой текст не принимается',
    en: 'Field “{field}” holds broken text (a lone UTF-16 surrogate); such text is not accepted',
  },
  xml_too_large: {
    ru: 'Поле «{field}»: XML-файл больше {max} МБ',
    en: '“{field}”: the XML file is larger than {max} MB',
  },
  xml_too_deep: {
    ru: 'Поле «{field}»: в XML-файле элементы вложены глубже {max} уровней',
    en: '“{field}”: the XML file nests elements deeper than {max} levels',
  },
  already_exists: {
    ru: 'Такая запись уже существует: значение должно быть уникальным',
    en: 'Such a record already exists: the value must be unique',
  },
  wrong_credentials: { ru: 'Неверный e-mail или пароль', en: 'Wrong e-mail or password' },
  account_locked: {
    ru: 'Учётная запись заблокирована после 5 неудачных попыток входа, повторите через {minutes} мин.',
    en: 'The account is locked after 5 failed sign-ins; try again in {minutes} min.',
  },
  wrong_old_password: { ru: 'Неверный текущий пароль', en: 'The current password is wrong' },
  short_password: { ru: 'Short password', en: 'Short password' },
  password_has_email: {
    ru: 'Пароль не должен совпадать с e-mail или содержать его часть до «@»',
    en: 'The password must not be the e-mail address or contain its part before “@”',
  },
  password_has_name: {
    ru: 'Пароль не должен содержать имя, фамилию или отчество',
    en: 'The password must not contain your first name, last name or patronymic',
  },
  password_common: {
    ru: 'Этот пароль слишком распространён и легко подбирается, выберите другой',
    en: 'This password is too common and easy to guess; choose another one',
  },
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
  // Study design (researches, versions, visits, forms, sections, fields, templates, ODM).
  research_required: {
    ru: 'Укажите исследование (researchId) или выберите текущее',
    en: 'Name the research (researchId) or choose a current one',
  },
  research_not_current: {
    ru: 'Исследование заблокировано или в архиве: дизайн изменить нельзя',
    en: 'The research is locked or archived: its design cannot be changed',
  },
  research_lock_refused: {
    ru: 'Заблокировать можно только текущее исследование',
    en: 'Only a current research can be locked',
  },
  research_archive_refused: {
    ru: 'Отправить в архив можно только заблокированное исследование',
    en: 'Only a locked research can be archived',
  },
  research_already_deleted: { ru: 'Исследование уже удалено', en: 'The research is already deleted' },
  version_exists: { ru: 'Версия {index} уже существует!', en: 'Version {index} already exists!' },
  version_index_not_offered: {
    ru: 'Версия {index} недоступна, выберите одну из: {offered}',
    en: 'Version {index} is not offered; choose one of: {offered}',
  },
  version_date_before_current: {
    ru: 'Дата не может быть раньше даты текущей версии',
    en: 'The date cannot be earlier than the current version’s date',
  },
  version_date_before_previous: {
    ru: 'Дата не может быть раньше даты предыдущей версии',
    en: 'The date cannot be earlier than the previous version’s date',
  },
  version_not_last: {
    ru: 'Индекс и дату можно изменить только у последней версии (версия {index} не последняя)',
    en: 'Only the last version can change its index or date (version {index} is not the last)',
  },
  version_transition_refused: {
    ru: 'Действие «{action}» недоступно для версии в статусе «{status}»',
    en: 'Action “{action}” is not available for a version in status “{status}”',
  },
  version_status_admin_only: {
    ru: 'Менять статус версии напрямую может только администратор',
    en: 'Only an administrator can set a version status directly',
  },
  version_author_set: { ru: 'У версии уже есть автор', en: 'The version already has an author' },
  author_not_admin_employee: {
    ru: 'Автором может быть только сотрудник организации-администратора исследования',
    en: 'The author must be an employee of the research’s admin organisation',
  },
  version_delete_refused: {
    ru: 'Удалить можно только последнюю версию в статусе «Designed»',
    en: 'Only the last version, in status “Designed”, can be deleted',
  },
  visit_complete: {
    ru: 'Визит завершён: его нельзя изменить или удалить',
    en: 'The visit is complete: it cannot be edited or deleted',
  },
  form_complete: {
    ru: 'Форма завершена: её структуру и описание изменить нельзя',
    en: 'The form is complete: its structure and info cannot be changed',
  },
  form_not_complete: {
    ru: 'Копировать форму и сохранять её как шаблон можно только после завершения формы',
    en: 'A form can be copied or saved as a template only once it is complete',
  },
  split_needs_versions: {
    ru: 'Разделить версию можно только у формы, относящейся к нескольким версиям исследования',
    en: 'Only a form that belongs to more than one research version can be split',
  },
  version_not_linked: { ru: 'Форма не относится к версии {index}', en: 'The form does not belong to version {index}' },
  stale_order: {
    ru: 'Порядок уже изменён другим пользователем, обновите страницу',
    en: 'The order has been changed by someone else; reload the page',
  },
  index_out_of_range: {
    ru: 'Позиция {index} вне списка (допустимо от 0 до {max})',
    en: 'Position {index} is outside the list (0 to {max} allowed)',
  },
  foreign_research: {
    ru: 'Значение поля «{field}» относится к другому исследованию',
    en: 'The value of “{field}” belongs to another research',
  },
  unknown_reference: { ru: 'Значение поля «{field}» не найдено', en: 'The value of “{field}” was not found' },
  options_required: { ru: 'Для списка выбора нужны варианты ответа', en: 'A select field needs options' },
  duplicate_option: { ru: 'Вариант «{option}» повторяется', en: 'Option “{option}” is repeated' },
  default_option_unknown: {
    ru: 'Вариант по умолчанию «{option}» отсутствует в списке',
    en: 'The default option “{option}” is not in the list',
  },
  field_type_read_only: { ru: 'Тип поля нельзя изменить', en: 'The field type cannot be changed' },
  context_form_incomplete: {
    ru: 'Для контекстной формы укажите и форму, и текст',
    en: 'A context form needs both a form and a text',
  },
  invalid_mask: {
    ru: 'Неверная маска (позиция {position}): 0 — цифра, a — буква, * — любой символ, [ ] — необязательная часть',
    en: 'Invalid mask (position {position}): 0 is a digit, a a letter, * any character, [ ] an optional part',
  },
  invalid_regex: { ru: 'Регулярное выражение содержит ошибку', en: 'The regular expression is invalid' },
  duration_not_time_field: {
    ru: 'Длительность задаётся только для полей типа «время» и «дата и время»',
    en: 'A duration applies only to time and date-time fields',
  },
  parent_not_select: { ru: 'Родительское поле должно быть списком выбора', en: 'The parent field must be a select field' },
  rule_not_option: {
    ru: 'Значение «{rule}» не является вариантом родительского поля',
    en: '“{rule}” is not an option of the parent field',
  },
  child_invalid: {
    ru: 'Зависимым может быть только другое поле этой же формы',
    en: 'A dependent field must be another field of the same form',
  },
  dependency_cycle: {
    ru: 'Поле не может зависеть от собственного зависимого поля',
    en: 'A field cannot depend on one of its own dependent fields',
  },
  form_type_in_use: {
    ru: 'Тип формы используется формами и не может быть удалён',
    en: 'The form type is used by forms and cannot be deleted',
  },
  field_in_use: {
    ru: 'Поле используется в формах и не может быть удалено',
    en: 'The field is used on forms and cannot be deleted',
  },
  unprintable_characters: {
    ru: 'Вероятно, что следующие символы не будут отображаться при печати: {chars}',
    en: 'The following characters will probably not be shown when printed: {chars}',
  },
  organisation_required: {
    ru: 'Выберите текущую организацию или укажите organisationId',
    en: 'Choose a current organisation or name organisationId',
  },
  odm_invalid: {
    ru: 'Файл не является корректным документом CDISC ODM: {detail}',
    en: 'The file is not a valid CDISC ODM document: {detail}',
  },
  odm_rule_invalid: {
    ru: 'Правило {rule} из файла ODM не импортировано, импорт отменён: {detail}',
    en: 'Rule {rule} of the ODM file cannot be imported, nothing was imported: {detail}',
  },
  odm_update_not_same: {
    ru: '«{field}»: обновить можно только версию, которую файл повторяет ({index})',
    en: '“{field}”: only the version the file is a re-import of can be updated ({index})',
  },
  odm_update_version_status: {
    ru: 'Версию {index} нельзя обновить из файла ODM: она не в статусе «Разработка» (Designed)',
    en: 'Version {index} cannot be updated from an ODM file: it is not in status “Designed”',
  },
  odm_update_field_unused: {
    ru: 'Поле «{field}» не используется при обновлении версии, уберите его',
    en: '“{field}” is not used when a version is updated; leave it out',
  },
  odm_update_refused: {
    ru: 'Версия {index} не обновлена, ничего не изменено: {detail}',
    en: 'Version {index} was not updated, nothing was changed: {detail}',
  },
  // The ODM ClinicalData import: the issues of its report (docs/data-exchange.md "Import of clinical data").
  clinical_import_unknown_event: {
    ru: 'Визит {oid} не найден в дизайне исследования',
    en: 'Study event {oid} is not in the research design',
  },
  clinical_import_unknown_form: {
    ru: 'Форма {oid} не найдена в дизайне исследования',
    en: 'Form {oid} is not in the research design',
  },
  clinical_import_unknown_item: {
    ru: 'Поле {oid} не найдено в дизайне исследования',
    en: 'Item {oid} is not in the research design',
  },
  clinical_import_form_not_in_event: {
    ru: 'Форма {oid} не относится к визиту {event}',
    en: 'Form {oid} does not belong to study event {event}',
  },
  clinical_import_item_not_in_form: {
    ru: 'Поле {oid} не относится к форме {form}',
    en: 'Item {oid} does not belong to form {form}',
  },
  clinical_import_repeat_key_invalid: {
    ru: 'Ключ повтора «{key}» элемента {oid} должен быть целым числом не меньше 1',
    en: 'Repeat key “{key}” of {oid} must be a whole number from 1',
  },
  clinical_import_repeat_key_gap: {
    ru: 'Ключ повтора {key} элемента {oid} не подходит: следующим может быть только {expected}',
    en: 'Repeat key {key} of {oid} does not fit: only {expected} can come next',
  },
  clinical_import_remove: {
    ru: 'Субъекты, визиты и формы не удаляются импортом (TransactionType="Remove"): {oid}',
    en: 'Subjects, visits and forms are not removed by an import (TransactionType="Remove"): {oid}',
  },
  clinical_import_no_centre: {
    ru: 'Для места «{site}» не выбран центр: субъект не импортирован',
    en: 'No centre is chosen for site “{site}”: the subject is not imported',
  },
  clinical_import_centre_not_site: {
    ru: 'Центр {number} не является исследовательским центром: субъекты включаются только в центры',
    en: 'Centre {number} is not a site: subjects are enrolled at sites only',
  },
  clinical_import_subject_key: {
    ru: 'Ключ субъекта «{subject}» не может быть номером скрининга (от 1 до 50 знаков)',
    en: 'Subject key “{subject}” cannot be a screening number (1 to 50 characters)',
  },
  clinical_import_subject_other_centre: {
    ru: 'Субъект с номером скрининга {subject} уже включён в другой центр ({centre})',
    en: 'A subject with screening number {subject} is already enrolled at another centre ({centre})',
  },
  clinical_import_subject_details: {
    ru: 'Для включения нового субъекта {subject} в файле нет даты рождения, пола или даты визита: укажите их в полях, связанных с датой рождения и полом субъекта, и в AuditRecord визитов, или включите субъекта заранее',
    en: 'The file lacks the birth date, gender or a visit date needed to enrol new subject {subject}: give them in the fields linked to the subject’s birth date and gender and in the visits’ AuditRecords, or enrol the subject first',
  },
  clinical_import_visit_date: {
    ru: 'Для нового визита {oid} в файле нет даты (ни атрибута StartDate, ни AuditRecord)',
    en: 'The file gives no date for new study event {oid} (neither a StartDate attribute nor an AuditRecord)',
  },
  clinical_import_field_missing: {
    ru: 'В форме субъекта нет поля {oid}: поле добавлено в дизайн после создания формы',
    en: 'The subject form has no field {oid}: the field was added to the design after the form was created',
  },
  // Not an error: the reason for change of an imported value whose AuditRecord gives none.
  clinical_import_reason: {
    ru: 'Импорт данных из файла ODM «{file}»',
    en: 'Data imported from the ODM file “{file}”',
  },
  organisation_in_use: {
    ru: 'Организация является центром исследования {protocol} и не может быть удалена',
    en: 'The organisation is a centre of research {protocol} and cannot be deleted',
  },
  field_not_editable: { ru: 'У Вас нет прав изменять поле «{field}»', en: 'You are not allowed to change “{field}”' },
  // Subjects and subject visits: one code for every result of the action rules (subjects/subject-status.ts).
  subject_linked_externally: {
    ru: 'Субъект связан с внешней системой исследования: изменить его здесь нельзя',
    en: 'The subject is linked to the external trial system and cannot be changed here',
  },
  subject_deleted: { ru: 'Субъект удалён', en: 'The subject is deleted' },
  subject_signed: { ru: 'Субъект подписан: изменения невозможны', en: 'The subject is signed: no changes are possible' },
  subject_not_screened: {
    ru: 'Действие доступно только для скринированного и ещё не рандомизированного субъекта',
    en: 'This is possible only for a screened subject that is not yet randomised',
  },
  subject_no_screening_visit: {
    ru: 'Для рандомизации у субъекта должен быть скрининговый визит',
    en: 'The subject needs a screening visit before randomisation',
  },
  subject_has_visits: {
    ru: 'Выбыть на скрининге может только субъект без визитов или только со скрининговым визитом',
    en: 'Only a subject with no visits, or with the screening visit alone, can fail screening',
  },
  subject_not_randomised: {
    ru: 'Действие доступно только для рандомизированного субъекта, не завершившего участие',
    en: 'This is possible only for a randomised subject whose participation has not ended',
  },
  subject_ended: {
    ru: 'Участие субъекта завершено: рандомизацию изменить нельзя',
    en: 'The subject’s participation has ended: the randomisation cannot change',
  },
  subject_failed: {
    ru: 'Субъект выбыл на скрининге: новые визиты недоступны',
    en: 'The subject failed screening: no new visits can be added',
  },
  subject_not_ended: {
    ru: 'Подписать можно только субъекта, завершившего участие и ещё не подписанного',
    en: 'Only a subject whose participation has ended and who is not yet signed can be signed',
  },
  subject_visits_not_validated: {
    ru: 'Все визиты субъекта должны быть проверены ОКК и ДМ или КИО',
    en: 'Every visit of the subject must be validated by QA and DM, or by KIO',
  },
  subject_visit_signed: { ru: 'Визит подписан: дату изменить нельзя', en: 'The visit is signed: its date cannot change' },
  visit_linked_externally: {
    ru: 'Визит создаётся во внешней системе исследования',
    en: 'This visit is created in the external trial system',
  },
  visit_already_exists: { ru: 'Такой визит у субъекта уже есть', en: 'The subject already has this visit' },
  visit_not_in_version: {
    ru: 'Визит не входит в версию исследования, в которой центр работает на дату визита ({index})',
    en: 'The visit is not part of the research version the centre works in on the visit date ({index})',
  },
  screening_number_taken: {
    ru: 'Субъект со скрининговым номером «{number}» уже есть в исследовании',
    en: 'A subject with screening number “{number}” already exists in this research',
  },
  randomization_number_taken: {
    ru: 'Рандомизационный номер «{number}» уже присвоен другому субъекту исследования',
    en: 'Randomisation number “{number}” is already given to another subject of this research',
  },
  subject_already_randomised: {
    ru: 'Субъект уже рандомизирован: повторная рандомизация невозможна',
    en: 'The subject is already randomised: it cannot be randomised again',
  },
  randomization_group_fixed: {
    ru: 'Группа рандомизации не меняется при исправлении рандомизации; её меняет отдельное действие с указанием причины, доступное только пользователям с доступом к группе',
    en: 'The randomisation group does not change when the randomisation is corrected; it is changed by a separate action with a reason, open only to users with access to the group',
  },
  randomization_group_unknown: {
    ru: 'Группы «{group}» нет в исследовании; допустимы: {groups}',
    en: 'The research has no group “{group}”; choose one of: {groups}',
  },
  // The future-date messages of spec operations section 5, verbatim (subjects/dates.ts).
  future_screen_date: FUTURE_DATE_MESSAGES.screenDate,
  future_randomization_date: FUTURE_DATE_MESSAGES.randomizationDate,
  future_visit_date: FUTURE_DATE_MESSAGES.visitDate,
  future_date: FUTURE_DATE_MESSAGES.date,
  date_too_early: { ru: 'Дата не может быть раньше {date}', en: 'The date cannot be earlier than {date}' },
  date_too_late: { ru: 'Дата не может быть позже {date}', en: 'The date cannot be later than {date}' },
  // Centres, their versions, organisations' tax numbers, reference ranges.
  centre_number_taken: {
    ru: 'Центр с номером «{number}» уже есть в этом исследовании',
    en: 'A centre numbered “{number}” already exists in this research',
  },
  sponsor_not_site: {
    ru: 'Организация-администратор (спонсор) исследования не может быть его центром типа «{type}»',
    en: 'The research’s administrating (sponsor) organisation cannot be a centre of type “{type}” in it',
  },
  site_not_sponsor: {
    ru: 'Организация является исследовательским центром этого исследования и не может быть его администратором',
    en: 'The organisation is a site of this research and cannot be its administrating organisation',
  },
  centre_has_employees: {
    ru: 'В центре есть сотрудники ({count}): удалите их, прежде чем удалять центр',
    en: 'The centre has employees ({count}): remove them before deleting the centre',
  },
  centre_roles_not_offered: {
    ru: 'У сотрудников центра есть роли, недоступные для типа «{type}»: {roles}',
    en: 'Employees of the centre have roles not offered for type “{type}”: {roles}',
  },
  centre_version_exists: {
    ru: 'Версия {index} уже назначена этому центру',
    en: 'Version {index} is already assigned to this centre',
  },
  inn_taken: { ru: 'Организация с ИНН {inn} уже существует', en: 'An organisation with INN {inn} already exists' },
  reference_group_locked: {
    ru: 'Группа референсов утверждена (заблокирована): её и её референсы изменять нельзя',
    en: 'The reference group is locked (validated): neither it nor its references can be changed',
  },
  reference_field_type: {
    ru: 'Референс задаётся только для поля типа «Число» или «Вычисляемое»',
    en: 'A reference applies only to a number or calculated field',
  },
  reference_field_form_type: {
    ru: 'Поле не относится к типу формы группы референсов',
    en: 'The field does not belong to the reference group’s form type',
  },
  reference_group_form_type_fixed: {
    ru: 'Тип формы нельзя изменить, пока в группе есть референсы',
    en: 'The form type cannot change while the group has references',
  },
  reference_group_overlap: {
    ru: 'Период пересекается с другой группой референсов этого типа формы ({from} — {to})',
    en: 'The period overlaps another reference group of this form type ({from} to {to})',
  },
  range_inverted: {
    ru: 'Значение «{min}» не может быть больше значения «{max}»',
    en: '“{min}” cannot be greater than “{max}”',
  },
  date_to_before_date_from: {
    ru: 'Дата окончания не может быть раньше даты начала',
    en: 'The end date cannot be earlier than the start date',
  },
  foreign_organisation: {
    ru: 'Значение поля «{field}» относится к другой организации',
    en: 'The value of “{field}” belongs to another organisation',
  },
  form_type_mismatch: {
    ru: 'Тип формы не совпадает с типом формы группы «{field}»',
    en: 'The form type differs from that of the group in “{field}”',
  },
  // Monitoring visits (spec operations section 5; monitoring/monitoring-visit.ts).
  monitoring_end_before_start: {
    ru: 'Дата окончания должна быть после даты начала',
    en: 'The end date must be after the start date',
  },
  monitoring_date_invalid: { ru: 'Некорректное значение', en: 'Invalid value' },
  monitoring_monitors_required: { ru: 'Выберите хотя бы одного сотрудника', en: 'Choose at least one employee' },
  monitoring_time_invalid: { ru: 'Время должно быть в формате ЧЧ:мм:сс', en: 'The time must be in the format HH:mm:ss' },
  monitoring_work_hours_order: {
    ru: 'Время начала рабочего дня должно быть раньше времени окончания',
    en: 'The work day must start before it ends',
  },
  monitoring_visits_required: { ru: 'Выберите визиты', en: 'Choose visits' },
  monitoring_visits_or_site: {
    ru: 'Выберите либо визиты, либо центр',
    en: 'Choose either visits or a site, not both',
  },
  monitoring_organisation_not_kio: {
    ru: 'Выберите организацию мониторинга (КИО) исследования',
    en: 'Choose a monitoring (KIO) organisation of the research',
  },
  monitoring_monitor_not_in_centre: {
    ru: 'Сотрудник не работает в выбранной организации мониторинга',
    en: 'The employee does not work at the chosen monitoring organisation',
  },
  monitoring_site_not_site: {
    ru: 'Выберите исследовательский центр исследования',
    en: 'Choose a site of the research',
  },
  monitoring_work_day_window: {
    ru: 'Визит доступен для работы с {start} до {end}.',
    en: 'The visit is open for work from {start} to {end}.',
  },
  monitoring_visit_ended: {
    ru: 'Визит прошел: изменить его нельзя',
    en: 'The monitoring visit has ended and cannot be changed',
  },
  // Documents (subject visit documents; docs/documents.md).
  multipart_required: {
    ru: 'Файл передаётся запросом multipart/form-data',
    en: 'A file is sent as a multipart/form-data request',
  },
  file_not_pdf: {
    ru: 'Поле «{field}»: можно загрузить только файл PDF',
    en: '“{field}”: only a PDF file can be uploaded',
  },
  file_empty: { ru: 'Поле «{field}»: файл пустой', en: '“{field}”: the file is empty' },
  file_too_large: {
    ru: 'Поле «{field}»: файл больше {max} МБ',
    en: '“{field}”: the file is larger than {max} MB',
  },
  file_extra: {
    ru: 'Лишний файл в поле «{field}»: загружается один файл в поле «uploadedFile»',
    en: 'Unexpected file in “{field}”: send one file in “uploadedFile”',
  },
  visit_documents_locked: {
    ru: 'Визит подписан: документы визита изменить нельзя',
    en: 'The visit is signed: its documents cannot change',
  },
  visit_not_signed: {
    ru: 'Визит не подписан: PDF визита формируется после подписи',
    en: 'The visit is not signed: its PDF is made once it is signed',
  },
  version_changes_order: {
    ru: 'Вторая версия должна быть позже первой',
    en: 'The second version must be later than the first',
  },
  dataset_unknown_ids: {
    ru: 'Выбранные визиты или формы не найдены в этом исследовании',
    en: 'Some of the chosen visits or forms are not in this research',
  },
  template_unknown_ids: {
    ru: 'Выбранные визиты или версия протокола не найдены в этой версии исследования',
    en: 'Some of the chosen visits or the protocol version are not in this research version',
  },
  dataset_creators_odm_only: {
    ru: 'Создатели значений выгружаются только в формате ODM ClinicalData',
    en: 'Value creators are exported in the ODM ClinicalData format only',
  },
  document_generation_failed: {
    ru: 'Документ не сформирован из-за внутренней ошибки',
    en: 'The document could not be made because of an internal error',
  },
  document_deleted: {
    ru: 'Документ удалён',
    en: 'The document has been deleted',
  },
  document_visibility_creator: {
    ru: 'Общий доступ к документу может снять только его автор',
    en: 'Only the author of a document can make it private again',
  },
  document_not_admin: {
    ru: 'Удалять документы может только администратор исследования',
    en: 'Only an administrator of the research can delete documents',
  },
  document_not_manager: {
    ru: 'Видимость документа меняют администратор исследования или автор документа',
    en: 'Only an administrator of the research or the author of the document can change its visibility',
  },
  session_key_missing: {
    ru: 'У сеанса нет открытого ключа шифрования (publicKey): войдите в систему снова',
    en: 'This session has no encryption public key (publicKey): sign in again',
  },
  document_not_pdf: {
    ru: 'Просмотр доступен только для документов PDF',
    en: 'Only PDF documents can be previewed',
  },
  // Document approvals (docs/documents.md "Approvals").
  approval_not_admin: {
    ru: 'Отправлять документы на согласование и удалять согласования может только администратор исследования',
    en: 'Only an administrator of the research can send documents for approval and delete approvals',
  },
  approval_not_approver: {
    ru: 'Вы не входите в список согласующих этого документа',
    en: 'You are not among the approvers of this document',
  },
  approval_not_pending: {
    ru: 'Согласование уже завершено: документ {status}',
    en: 'The approval is over: the document was {status}',
  },
  approval_pending_exists: {
    ru: 'Документ уже находится на согласовании',
    en: 'The document is already out for approval',
  },
  approval_resend_not_rejected: {
    ru: 'Повторно отправить можно только отклонённое согласование',
    en: 'Only a rejected approval can be sent again',
  },
  approval_already_resent: {
    ru: 'Это согласование уже отправлено повторно',
    en: 'This approval has been sent again already',
  },
  approval_document_not_ready: {
    ru: 'На согласование можно отправить только сформированный документ',
    en: 'Only a document that has been made can be sent for approval',
  },
  approval_resend_other_document: {
    ru: 'Повторно отправляется согласование другого документа',
    en: 'The approval being sent again is of another document',
  },
  approval_unknown_approvers: {
    ru: 'Согласующими могут быть только сотрудники исследования с открытым доступом',
    en: 'Approvers must be employees of the research with open access',
  },
  // Data entry (docs/data-entry.md).
  item_value_invalid: { ru: 'Некорректное значение: «{field}»', en: 'Invalid value: “{field}”' },
  reason_required: {
    ru: 'Укажите причину изменения данных',
    en: 'Give the reason for changing the data',
  },
  item_data_stale: {
    ru: 'Значение поля «{field}» уже изменено другим пользователем; показано текущее значение',
    en: 'The value of “{field}” was changed by someone else; the current value is shown',
  },
  field_required_not_cleared: {
    ru: 'Поле «{field}» обязательное: его нельзя очистить',
    en: '“{field}” is required: it cannot be cleared',
  },
  field_hidden: {
    ru: 'Поле «{field}» скрыто значением родительского поля: ввод невозможен',
    en: '“{field}” is hidden by its parent field’s value: no entry is possible',
  },
  field_is_file: {
    ru: 'Поле «{field}» принимает только файл PDF',
    en: '“{field}” takes a PDF file only',
  },
  field_not_file: { ru: 'Поле «{field}» не является полем файла', en: '“{field}” is not a file field' },
  field_no_context_form: {
    ru: 'Поле «{field}» не задаёт контекстную форму',
    en: '“{field}” names no context form',
  },
  section_not_complete_message: {
    ru: 'Укажите причину статуса «Нет»',
    en: 'Give the reason for the status “No”',
  },
  visit_complete_message_required: {
    ru: 'Укажите причину завершения визита: в визите есть секции без статуса',
    en: 'Give the reason for ending the visit: some sections have no status',
  },
  visit_sign_forbidden: {
    ru: 'Подписать или завершить визит может только главный исследователь или соисследователь центра',
    en: 'Only a principal investigator or co-researcher of the site can sign or end a visit',
  },
  clinical_significance_not_asked: {
    ru: 'Для поля «{field}» клиническая значимость не указывается',
    en: 'No clinical significance is given for “{field}”',
  },
  visit_signed: { ru: 'Визит подписан: данные визита изменить нельзя', en: 'The visit is signed: its data cannot change' },
  visit_already_signed: { ru: 'Визит уже подписан', en: 'The visit is already signed' },
  visit_forms_incomplete: {
    ru: 'Не все формы визита завершены: подписать визит нельзя',
    en: 'Not every form of the visit is complete: the visit cannot be signed',
  },
  visit_no_forms: { ru: 'В визите нет форм', en: 'The visit has no forms' },
  visit_already_completed: { ru: 'Визит уже завершён', en: 'The visit has already ended' },
  password_incorrect: {
    ru: 'Неверный пароль: подпись не поставлена',
    en: 'Wrong password: nothing was signed',
  },
  section_validated: {
    ru: 'Секция проверена ОКК или ДМ: изменения невозможны',
    en: 'The section is validated by QA or DM: no changes are possible',
  },
  section_no_status: {
    ru: 'Выберите статус секции, прежде чем подтвердить её',
    en: 'Choose the section’s status before confirming it',
  },
  section_already_complete: { ru: 'Секция уже подтверждена', en: 'The section is already confirmed' },
  section_required_missing: {
    ru: 'Не заполнено обязательное поле «{field}»',
    en: 'The required field “{field}” is empty',
  },
  form_sections_incomplete: {
    ru: 'Подтвердите все секции формы, прежде чем завершить её',
    en: 'Confirm every section of the form before completing it',
  },
  form_already_complete: { ru: 'Форма уже завершена', en: 'The form is already complete' },
  form_already_added: {
    ru: 'Форма уже добавлена в визит (она не повторяется)',
    en: 'The form is already in the visit (it does not repeat)',
  },
  form_not_in_visit: {
    ru: 'Форма не относится к этому визиту или к версии исследования, в которой работает центр на дату визита',
    en: 'The form does not belong to this visit or to the research version the centre works in at the visit date',
  },
  form_other_gender: {
    ru: 'Форма предназначена для субъектов другого пола',
    en: 'The form is meant for subjects of the other gender',
  },
  // Validation (docs/queries-and-validation.md)
  section_not_complete: {
    ru: 'Секция не подтверждена: проверять её рано',
    en: 'The section is not confirmed: it cannot be validated yet',
  },
  subject_form_not_complete: {
    ru: 'Форма не завершена: проверять её рано',
    en: 'The form is not complete: it cannot be validated yet',
  },
  already_validated: { ru: 'Уже проверено', en: 'Already validated' },
  not_validated: { ru: 'Проверка не выполнялась: отменять нечего', en: 'Not validated: there is nothing to revert' },
  kio_needs_qa_dm: {
    ru: 'КИО проверяет форму только после проверки ОКК и ДМ',
    en: 'The monitor validates a form only after both QA and DM have',
  },
  form_kio_validated: {
    ru: 'Форма проверена КИО: изменения невозможны',
    en: 'The form is validated by the monitor: no changes are possible',
  },
  open_notes: {
    ru: 'Есть открытые замечания: закройте их, прежде чем проверять',
    en: 'There are open queries: close them before validating',
  },
  // Notes (queries)
  section_qa_validated: {
    ru: 'Секция проверена ОКК: замечание ОКК добавить нельзя',
    en: 'The section is validated by QA: no QA query can be added',
  },
  section_dm_validated: {
    ru: 'Секция проверена ДМ: замечание ДМ добавить нельзя',
    en: 'The section is validated by DM: no DM query can be added',
  },
  note_wrong_type: {
    ru: 'Замечания этого типа добавляет другая роль',
    en: 'Another role raises queries of this type',
  },
  note_not_open: { ru: 'Замечание уже закрыто', en: 'The query is already closed' },
  note_not_answerable: {
    ru: 'На замечание уже дан ответ или оно закрыто',
    en: 'The query has already been answered or is closed',
  },
  note_answer_file_field: {
    ru: 'Ответ с изменением данных невозможен для поля-файла и вычисляемого поля',
    en: 'An answer cannot change the value of a file or calculated field',
  },
  // QA validation of the design (docs/qa-validation.md)
  qa_note_closed: {
    ru: 'Замечание ОКК закрыто: действие невозможно',
    en: 'The QA note is closed: this is no longer possible',
  },
  qa_note_not_new: {
    ru: 'Предложить решение можно только по новому замечанию ОКК',
    en: 'Only a new QA note can be marked resolved',
  },
  qa_open_notes: {
    ru: 'Есть открытые замечания ОКК ({count}): закройте их, прежде чем подтверждать',
    en: 'There are open QA notes ({count}): close them before validating',
  },
  qa_version_not_validating: {
    ru: 'Версия {index} не находится на проверке ОКК',
    en: 'Version {index} is not under QA validation',
  },
  qa_item_validated: {
    ru: 'Проверено ОКК: отмените проверку, прежде чем добавлять замечание',
    en: 'Validated by QA: cancel the validation before adding a note',
  },
  qa_note_target: {
    ru: 'Поле «{field}» не относится к выбранной форме или визиту',
    en: '“{field}” does not belong to the chosen form or visit',
  },
  qa_not_validated: {
    ru: 'Начать тестирование нельзя: ОКК не проверил {items}',
    en: 'Testing cannot start: QA has not validated {items}',
  },
  status_reason_required: {
    ru: 'Укажите причину изменения статуса',
    en: 'Give the reason for changing the status',
  },
  // Rules
  rules_view_forbidden: {
    ru: 'У Вас нет прав для просмотра этой страницы',
    en: 'You are not allowed to view this page',
  },
  rule_expression_invalid: { ru: 'Ошибка в выражении: {detail}', en: 'Error in the expression: {detail}' },
  rule_code_ambiguous: {
    ru: 'Код поля [{code}] носят несколько полей формы: задайте им разные коды (ключ аннотации)',
    en: 'Several fields of the form have the code [{code}]: give them different codes (annotation key)',
  },
  rule_related_codes_mismatch: {
    ru: 'Коды полей не совпадают с полями выражения: {codes}',
    en: 'The field codes do not match the fields of the expression: {codes}',
  },
  rule_message_required: {
    ru: 'Для правила этого типа нужен текст сообщения',
    en: 'A rule of this type needs a message',
  },
  rule_target_file: {
    ru: 'В поле-файл значение не вставляется: выберите другое поле',
    en: 'A value cannot be inserted into a file field: choose another field',
  },
  rule_validate_qa_only: {
    ru: 'Подтверждает правило или отменяет подтверждение только ОКК',
    en: 'Only QA validates a rule or cancels its validation',
  },
  rule_not_tested: {
    ru: 'Правило не проверено: выполните тест, прежде чем подтверждать его',
    en: 'The rule has not been tested: test it before validating',
  },
  rule_test_key_unknown: {
    ru: 'Поле [{code}] не участвует в выражении правила',
    en: 'Field [{code}] is not used by the rule',
  },
  rule_test_value_invalid: { ru: 'Поле [{code}]: {detail}', en: 'Field [{code}]: {detail}' },
  // Time points
  time_points_view_forbidden: {
    ru: 'У Вас нет прав для просмотра этой страницы',
    en: 'You are not allowed to view this page',
  },
  time_point_not_time_field: {
    ru: 'Точка времени ставится только на поле типа «Время» или «Дата и время»',
    en: 'A time point goes on a Time or DateTime field only',
  },
  time_point_field_taken: {
    ru: 'У этого поля уже есть точка времени',
    en: 'This field already has a time point',
  },
  time_point_start_taken: {
    ru: 'У визита уже есть точка начала визита',
    en: 'The visit already has a start point',
  },
  time_point_other_visit: {
    ru: 'Точка времени другого визита: выберите точку этого визита',
    en: 'A time point of another visit: choose one of this visit',
  },
  time_deviation_self: {
    ru: 'Точка не может отсчитываться от самой себя',
    en: 'A point cannot be timed from itself',
  },
  time_points_none: {
    ru: 'У визита нет точек времени',
    en: 'The visit has no time points',
  },
  time_outside_window: { ru: 'Рекомендуемое время: {start} - {end}', en: 'Recommended time: {start} - {end}' },
  job_failed: {
    ru: 'Задание не выполнено из-за внутренней ошибки; попытки исчерпаны',
    en: 'The job failed with an internal error; no attempts are left',
  },
  job_attempt_failed: {
    ru: 'Попытка {attempt} из {attempts} не удалась из-за внутренней ошибки; задание будет повторено',
    en: 'Attempt {attempt} of {attempts} failed with an internal error; the job will be tried again',
  },
  audit_verification_failed: {
    ru: 'Проверка журнала аудита прервана внутренней ошибкой; запустите её снова',
    en: 'The audit trail verification stopped with an internal error; run it again',
  },
  audit_verification_interrupted: {
    ru: 'Проверка журнала аудита прервана: процесс, который её выполнял, остановился; запустите её снова',
    en: 'The audit trail verification was interrupted: the process running it stopped; run it again',
  },
  job_unknown_kind: { ru: 'Неизвестный вид задания: {kind}', en: 'Unknown kind of job: {kind}' },
  redcap_invalid: {
    ru: 'Файл не является словарём данных REDCap (CSV): {detail}',
    en: 'The file is not a REDCap data dictionary (CSV): {detail}',
  },
  // IWRS: randomisation lists, kits, shipments and dosings (iwrs/iwrs-messages.ts).
  ...IWRS_ERROR_MESSAGES,
  // The external trial system DrTrial (external-trial/dr-trial-messages.ts).
  ...DR_TRIAL_ERROR_MESSAGES,
} as const satisfies Record<string, Record<Language, string>>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Values for a message's placeholders; a Localised one is read in the message's language (a role's name). */
export type MessageParams = Record<string, string | number | Localised>;

/** A text with its `{placeholders}` filled in the given language (an absent value leaves its placeholder). */
export function fillMessage(text: string, lang: Language, params: MessageParams = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => {
    const value = params[k];
    if (value === undefined) return `{${k}}`;
    return typeof value === 'object' ? value[lang] : String(value);
  });
}

export function errorMessage(code: ErrorCode, lang: Language, params: MessageParams = {}): string {
  return fillMessage(ERROR_MESSAGES[code][lang], lang, params);
}

/** Success texts returned in a reply's `message`. */
export const SUCCESS_MESSAGES = {
  saved: { ru: 'Сохранено', en: 'Saved' },
  deleted: { ru: 'Удалено', en: 'Deleted' },
  copied: { ru: 'Скопировано', en: 'Copied' },
  imported: { ru: 'Импорт выполнен', en: 'Imported' },
  password_changed: { ru: 'Пароль изменён', en: 'Password changed' },
  restore_sent: {
    ru: 'Если такой e-mail зарегистрирован, на него отправлена ссылка для восстановления пароля',
    en: 'If this e-mail is registered, a link to restore the password has been sent to it',
  },
  ticket_sent: { ru: 'Обращение отправлено в поддержку', en: 'Your request has been sent to support' },
  signed_up: {
    ru: 'Регистрация принята. Проверьте почту: письмо для её завершения отправлено на указанный e-mail',
    en: 'Registration received. Check your mail: a letter to complete it has been sent to the address given',
  },
} as const satisfies Record<string, Record<Language, string>>;
export type SuccessCode = keyof typeof SUCCESS_MESSAGES;
export function successMessage(code: SuccessCode, lang: Language): string {
  return SUCCESS_MESSAGES[code][lang];
}
