/**
 * The IWRS's error texts (docs/iwrs.md), part of ERROR_MESSAGES. None names an arm: a refusal must not
 * tell a blinded caller a group.
 */
export const IWRS_ERROR_MESSAGES = {
  iwrs_off: {
    ru: 'Исследование работает без IWRS: это действие недоступно',
    en: 'The research does not use IWRS: this is not available',
  },
  iwrs_from_list: {
    ru: 'В исследовании с IWRS группу и рандомизационный номер назначает система по рандомизационному списку; поле «{field}» не заполняется',
    en: 'In a research with IWRS the system takes the group and the randomisation number from the randomisation list; “{field}” is not given',
  },
  iwrs_list_missing: {
    ru: 'Для страты «{stratum}» нет рандомизационного списка: обратитесь к спонсору',
    en: 'There is no randomisation list for stratum “{stratum}”: contact the sponsor',
  },
  iwrs_list_exhausted: {
    ru: 'Рандомизационный список страты «{stratum}» исчерпан: свободных номеров нет, обратитесь к спонсору',
    en: 'The randomisation list of stratum “{stratum}” is used up: no numbers are left, contact the sponsor',
  },
  iwrs_stratum_unknown: {
    ru: 'Страта «{stratum}» не является номером центра исследования (или «центр/значение поля стратификации»)',
    en: 'Stratum “{stratum}” is not the number of a centre of the research (or “centre/value of the stratification field”)',
  },
  iwrs_stratum_value_missing: {
    ru: 'У участника не заполнено поле стратификации «{field}»: внесите его значение в форму, затем рандомизируйте',
    en: 'The subject has no value of the stratification field “{field}”: enter it in the form, then randomise',
  },
  iwrs_stratum_needed: {
    ru: 'Исследование стратифицировано по полю «{field}»: укажите страту (значение поля) для списка',
    en: 'The research is stratified by the field “{field}”: give the list’s stratum (a value of the field)',
  },
  iwrs_stratum_field_unknown: {
    ru: 'Поле формы не найдено в дизайне исследования',
    en: 'The form field is not in the research’s design',
  },
  iwrs_stratum_field_locked: {
    ru: 'Поле стратификации нельзя изменить: по спискам уже рандомизированы участники',
    en: 'The stratification field cannot be changed: subjects have already been randomised from the lists',
  },
  iwrs_stratum_column_and_field: {
    ru: 'В файле есть столбец «stratum»: страту в запросе не указывайте',
    en: 'The file has a “stratum” column: do not give a stratum in the request',
  },
  iwrs_csv_invalid: {
    ru: 'Поле «{field}», строка {row}: {detail}',
    en: '“{field}”, row {row}: {detail}',
  },
  iwrs_xlsx_invalid: {
    ru: 'Поле «{field}»: файл не читается как книга XLSX ({detail})',
    en: '“{field}”: the file cannot be read as an XLSX workbook ({detail})',
  },
  iwrs_file_one: {
    ru: 'Передайте один файл: CSV или XLSX',
    en: 'Send one file: CSV or XLSX',
  },
  iwrs_file_no_column: {
    ru: 'Поле «{field}»: в первой строке файла нет столбца «{column}»',
    en: '“{field}”: the file’s first row has no column “{column}”',
  },
  iwrs_file_empty: {
    ru: 'Поле «{field}»: в файле нет строк с данными',
    en: '“{field}”: the file has no data rows',
  },
  iwrs_file_too_many: {
    ru: 'Поле «{field}»: в файле больше {max} строк',
    en: '“{field}”: the file has more than {max} rows',
  },
  iwrs_row_empty: {
    ru: 'Строка {row}: не заполнен столбец «{column}»',
    en: 'Row {row}: column “{column}” is empty',
  },
  iwrs_row_unknown_group: {
    ru: 'Строка {row}: «{group}» не является группой исследования',
    en: 'Row {row}: “{group}” is not a group of the research',
  },
  iwrs_row_repeats: {
    ru: 'Строка {row}: значение «{value}» столбца «{column}» повторяет строку {first}',
    en: 'Row {row}: “{value}” in column “{column}” repeats row {first}',
  },
  iwrs_row_too_long: {
    ru: 'Строка {row}: в столбце «{column}» больше {max} символов',
    en: 'Row {row}: column “{column}” is longer than {max} characters',
  },
  iwrs_row_bad_date: {
    ru: 'Строка {row}: срок годности «{value}» не является датой ГГГГ-ММ-ДД',
    en: 'Row {row}: expiry date “{value}” is not a date (YYYY-MM-DD)',
  },
  iwrs_row_taken: {
    ru: 'Строка {row}: «{value}» уже есть в исследовании',
    en: 'Row {row}: “{value}” already exists in the research',
  },
  iwrs_list_number_taken: {
    ru: 'Рандомизационный номер «{number}» уже есть в списках исследования',
    en: 'Randomisation number “{number}” is already in a list of the research',
  },
  iwrs_kit_taken: {
    ru: 'Упаковка «{number}» уже есть в исследовании',
    en: 'Kit “{number}” already exists in the research',
  },
  iwrs_transition: {
    ru: 'Действие «{action}» недоступно для упаковки «{number}» в статусе «{status}»',
    en: 'Action “{action}” is not allowed for kit “{number}” in status “{status}”',
  },
  iwrs_no_kit: {
    ru: 'В центре нет доступной упаковки для этого субъекта (с неистёкшим сроком годности): обратитесь к спонсору',
    en: 'The site has no available kit for this subject (within its expiry date): contact the sponsor',
  },
  iwrs_period: {
    ru: 'Период должен быть от 1 до {max}',
    en: 'The period must be from 1 to {max}',
  },
  iwrs_subject_not_randomised: {
    ru: 'Упаковку выдают только рандомизированному субъекту, не завершившему участие',
    en: 'Kits are dispensed only to a randomised subject whose participation has not ended',
  },
  iwrs_kit_not_dispensed: {
    ru: 'Упаковка «{number}» не выдана при этом дозировании',
    en: 'Kit “{number}” was not dispensed at this dosing',
  },
  iwrs_shipment_received: {
    ru: 'Поставка уже принята центром',
    en: 'The shipment has already been received',
  },
  iwrs_not_site: {
    ru: 'Упаковки отправляют только в исследовательский центр',
    en: 'Kits are shipped only to a research site',
  },
  iwrs_unblind_not_randomised: {
    ru: 'Раскрыть можно только группу рандомизированного субъекта',
    en: 'Only a randomised subject’s group can be unblinded',
  },
  iwrs_unblind_pi_only: {
    ru: 'Экстренное раскрытие группы доступно только главному исследователю центра субъекта',
    en: 'Emergency unblinding is open only to the principal investigator of the subject’s site',
  },
} as const;

/** Fewer available kits than this at a site shows the sponsor a low-stock warning. */
export const LOW_STOCK_KITS = 5;
