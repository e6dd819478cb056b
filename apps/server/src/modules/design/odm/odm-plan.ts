import {
  checkMask,
  fillMessage,
  DEFAULT_FORM_EMPLOYEE_TYPES,
  DURATION_PATTERN,
  EMPLOYEE_TYPES,
  FIELD_TYPES,
  GENDERS,
  RULE_TYPES,
  type RuleType,
  DATA_LINK_TYPES,
  isValidRegExMask,
  unprintableCharacters,
  type FieldType,
  type Language,
} from '@edc/domain';
import { EDC, EDC_TIME, timeDeviationOrder, usableOid } from './odm-common.js';
import { FIELD_TYPE_OF } from './odm-data-types.js';
import { REPORT_TEXT, type Say } from './odm-report-texts.js';
import type { OdmCodeListSource, OdmItemSource } from '../../../platform/db/schema/design.js';
import { codeListSourceOf, itemSourceOf, keptTexts } from './odm-item-source.js';
import { isBranchingName, simpleBranching, visibleRuleFor } from './odm-redcap-branching.js';
import { rangeChecksAsRule } from './odm-range-rules.js';
import { fieldCodeOf } from '../../rules/field-codes.js';
import { pickText, type OdmAlias, type OdmCodeList, type OdmItem, type OdmRef, type OdmStudy } from './odm-parse.js';

/**
 * Maps a parsed ODM study onto the design model, without touching the database: StudyEventDef → visit,
 * FormDef → form type and form (one form per event that refers to it), ItemGroupDef → section,
 * ItemDef → field definition (once) and form field (per ItemRef), CodeList → select options, this system's
 * time point aliases → time points and deviations. Each entity keeps the OID of its element, and what the design
 * has no column for is kept beside it (odm-item-source.ts), so that the export writes the same file back.
 * Whatever cannot be carried over is listed in `unmapped`, item by item, in the caller's language.
 */

const VISIT_TYPES = ['Screening', 'Randomisation', 'Period', 'End'] as const;
/** The visit type a StudyEventDef's Category gives: one of ours, else Period. */
export const visitTypeOf = (category: string | null) =>
  category && (VISIT_TYPES as readonly string[]).includes(category) ? category : 'Period';

export interface PlannedFormType {
  ref: string;
  title: string;
  formTypeKey: string;
}
export interface PlannedField {
  ref: string;
  formTypeRef: string;
  title: string;
  fieldKey: string;
  fieldType: FieldType;
  optionList: string[];
  defaultOption: string | null;
  units: string | null;
  odmCodeList: OdmCodeListSource | null;
}
export interface PlannedFormField {
  ref: string;
  oid: string | null;
  odmItem: OdmItemSource | null;
  fieldRef: string;
  text: string;
  textBefore: string | null;
  textAfter: string | null;
  annotationKey: string | null;
  dataLink: string | null;
  isRequired: boolean;
  clinicalSignificance: boolean;
  comment: string | null;
  units: string | null;
  regExMask: string | null;
  mask: string | null;
  isHidden: boolean;
  requiredForEdc: boolean;
  duration: string | null;
  parentRef: string | null;
  parentVisibleRule: string | null;
}
export interface PlannedSection {
  key: string;
  oid: string | null;
  formSectionKey: string | null;
  name: string;
  description: string | null;
  fields: PlannedFormField[];
}
export interface PlannedForm {
  oid: string | null;
  title: string;
  formKey: string | null;
  formTypeRef: string;
  repeating: boolean;
  isRequired: boolean;
  employeeTypesList: string[];
  gender: string;
  sections: PlannedSection[];
}
export interface PlannedVisit {
  /** null: the visit the import makes for forms outside any event. */
  oid: string | null;
  title: string;
  visitKey: string;
  description: string | null;
  visitType: string;
  repeating: boolean;
  isRequired: boolean;
  dayNumber: number;
  dayPlus: number;
  dayMinus: number;
  pointList: string[];
  forms: PlannedForm[];
}
export interface Unmapped {
  element: string;
  oid: string | null;
  message: string;
}
/** A study rule read back from this system's export, on each placement of its item (docs/rules.md "ODM"). */
export interface PlannedRule {
  oid: string;
  type: RuleType;
  message: string | null;
  expression: string;
  /** The centre's number; null: the whole research. */
  centre: string | null;
  placementRefs: string[];
}
/** A deviation read back from an `EDC:timeDeviation` alias, timed from another point of the same visit. */
export interface PlannedTimeDeviation {
  startPlacementRef: string;
  deviation: string;
  deviationPlus: string;
  deviationMinus: string;
}
/** A time point read back from this system's aliases, on one placement of its item (docs/time-points.md "ODM"). */
export interface PlannedTimePoint {
  itemOid: string;
  placementRef: string;
  duration: string;
  description: string | null;
  isVisitStartPoint: boolean;
  deviations: PlannedTimeDeviation[];
}
export interface ImportPlan {
  /** The Study and MetaDataVersion the version comes from (and the latter's description). */
  study: { oid: string | null; mdvOid: string | null; description: string | null };
  visits: PlannedVisit[];
  formTypes: PlannedFormType[];
  fields: PlannedField[];
  rules: PlannedRule[];
  /** Checked: on Time and DateTime fields, at most one start point per visit, deviations within the visit. */
  timePoints: PlannedTimePoint[];
  codeListsUsed: number;
  unmapped: Unmapped[];
}

/** An OID worth storing: one the export can write back as it is (odm-common.ts). */
const storable = (oid: string) => (usableOid(oid) ? oid : null);
const alias = (list: OdmAlias[], context: string) => list.find((a) => a.context === context)?.name ?? null;
const int = (v: string | null, fallback: number) => {
  const n = v === null ? NaN : Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : fallback;
};
const byOrder = <T extends { order: number | null }>(list: T[]) =>
  list
    .map((x, i) => ({ x, i }))
    .sort((a, b) => (a.x.order ?? Infinity) - (b.x.order ?? Infinity) || a.i - b.i)
    .map((e) => e.x);

export function planImport(odm: OdmStudy, lang: Language): ImportPlan {
  const unmapped: Unmapped[] = [];
  const say: Say = (element, oid, key, params = {}) =>
    unmapped.push({
      element,
      oid,
      message: fillMessage(REPORT_TEXT[key][lang], lang, params),
    });
  const reported = new Set<string>();
  const once = (key: string, fn: () => void) => {
    if (!reported.has(key)) {
      reported.add(key);
      fn();
    }
  };
  const checkText = (element: string, oid: string, text: string | null) => {
    const bad = unprintableCharacters(text);
    if (bad.length) once(`p:${element}:${oid}:${text}`, () => say(element, oid, 'unprintable', { chars: bad.join(' ') }));
  };

  for (const oid of odm.otherMdvOids) say('MetaDataVersion', oid, 'other_mdv', { oid: odm.mdvOid });
  for (const [name, count] of odm.ignored) say(name, null, 'ignored_element', { count });

  const eventsByOid = new Map(odm.events.map((e) => [e.oid, e]));
  const formsByOid = new Map(odm.forms.map((f) => [f.oid, f]));
  const groupsByOid = new Map(odm.groups.map((g) => [g.oid, g]));
  const itemsByOid = new Map(odm.items.map((i) => [i.oid, i]));
  const codeListsByOid = new Map(odm.codeLists.map((c) => [c.oid, c]));

  // Visits: the Protocol's order, then events it does not list.
  const eventOrder: { oid: string; mandatory: boolean }[] = [];
  for (const ref of byOrder(odm.protocolOrder)) {
    if (!eventsByOid.has(ref.oid)) say('StudyEventRef', ref.oid, 'event_undefined');
    else if (!eventOrder.some((e) => e.oid === ref.oid)) eventOrder.push({ oid: ref.oid, mandatory: ref.mandatory });
  }
  for (const e of odm.events) {
    if (eventOrder.some((x) => x.oid === e.oid)) continue;
    if (odm.protocolOrder.length) say('StudyEventDef', e.oid, 'event_outside_protocol');
    eventOrder.push({ oid: e.oid, mandatory: false });
  }

  const formTypes: PlannedFormType[] = [];
  const fields: PlannedField[] = [];
  const fieldRefOfItem = new Map<string, string>();
  const usedCodeLists = new Set<string>();
  /** The elements of this system's export carry `EDC:` aliases; keys come back from them. */
  const ours = (aliases: OdmAlias[]) => aliases.some((a) => a.context.startsWith('EDC:'));
  const reportAliases = (element: string, oid: string, aliases: OdmAlias[]) => {
    const contexts = [...new Set(aliases.filter((a) => !a.context.startsWith('EDC:')).map((a) => a.context))];
    if (contexts.length) say(element, oid, 'aliases_other', { contexts: contexts.join(', ') });
  };

  function formTypeFor(form: { oid: string; name: string; aliases: OdmAlias[] }): string {
    const key = alias(form.aliases, EDC.formTypeKey) ?? form.oid;
    if (!formTypes.some((t) => t.ref === key))
      formTypes.push({ ref: key, title: alias(form.aliases, EDC.formTypeTitle) ?? form.name, formTypeKey: key });
    return key;
  }

  /** The options a code list gives: each decode (else its code) as the text, with the code kept beside it. */
  function optionsOf(list: OdmCodeList): { options: string[]; defaultOption: string | null; source: OdmCodeListSource } {
    const options: { text: string; code: string }[] = [];
    for (const item of byOrder(list.items)) {
      const text = (item.decode ?? item.coded).trim();
      if (!text) continue;
      if (options.some((o) => o.text === text))
        once(`dup:${list.oid}:${text}`, () => say('CodeList', list.oid, 'codelist_duplicates', { option: text }));
      else options.push({ text, code: item.coded });
      const first = item.decodeTexts.find((t) => t.text === item.decode) ?? null;
      once(`dt:${list.oid}:${item.coded}`, () =>
        keptTexts(item.decodeTexts, first, { say, element: 'CodeList', oid: list.oid, part: `Decode ${item.coded}` }),
      );
    }
    once(`cla:${list.oid}`, () => reportAliases('CodeList', list.oid, list.aliases));
    const texts = options.map((o) => o.text);
    const def = alias(list.aliases, EDC.defaultOption);
    return {
      options: texts,
      defaultOption: def && texts.includes(def) ? def : null,
      source: codeListSourceOf(list, options, (...a) => once(`cls:${list.oid}`, () => say(...a))),
    };
  }

  function typeOf(item: OdmItem): {
    fieldType: FieldType;
    options: string[];
    defaultOption: string | null;
    codeList: OdmCodeListSource | null;
  } {
    const mapped = FIELD_TYPE_OF[item.dataType] ?? { field: 'Text' as FieldType, note: 'datatype_other' as const };
    let fieldType: FieldType = mapped.field;
    const declared = alias(item.aliases, EDC.fieldType);
    const explicit = declared && (FIELD_TYPES as readonly string[]).includes(declared) ? (declared as FieldType) : null;
    if (item.codeListOid) {
      const list = codeListsByOid.get(item.codeListOid);
      if (!list) say('ItemDef', item.oid, 'codelist_missing', { codeList: item.codeListOid, field: explicit ?? fieldType });
      else if (list.external || list.items.length === 0)
        say('ItemDef', item.oid, 'codelist_external', { codeList: list.oid, field: explicit ?? fieldType });
      else {
        usedCodeLists.add(list.oid);
        const { options, defaultOption, source } = optionsOf(list);
        if (options.length) return { fieldType: 'Select', options, defaultOption, codeList: source };
      }
    }
    if (explicit && explicit !== 'Select') return { fieldType: explicit, options: [], defaultOption: null, codeList: null };
    if (mapped.note) say('ItemDef', item.oid, mapped.note, { type: item.dataType, field: fieldType });
    if (fieldType === 'Select') fieldType = 'Text';
    return { fieldType, options: [], defaultOption: null, codeList: null };
  }

  /** Every unit of the item that the document defines, in order (the first is the field's). */
  function unitsOf(item: OdmItem): { oid: string; symbol: string }[] {
    const units = item.unitOids.map((oid) => ({ oid, symbol: odm.units.get(oid) }));
    once(`u:${item.oid}`, () => {
      for (const u of units) if (!u.symbol) say('ItemDef', item.oid, 'unit_missing', { unit: u.oid });
    });
    return units.filter((u): u is { oid: string; symbol: string } => !!u.symbol);
  }
  const unitOf = (item: OdmItem) => unitsOf(item)[0]?.symbol ?? null;

  /** One field definition per ItemDef (per EDC field key within a form type, for this system's own exports). */
  function fieldFor(item: OdmItem, formTypeRef: string): string {
    const fieldKey = alias(item.aliases, EDC.fieldKey);
    const ref = fieldKey ? `${formTypeRef}|${fieldKey}` : item.oid;
    const known = fieldRefOfItem.get(item.oid);
    if (known && !fieldKey) return known;
    if (!fields.some((f) => f.ref === ref)) {
      const { fieldType, options, defaultOption, codeList } = typeOf(item);
      const title = alias(item.aliases, EDC.fieldTitle) || item.name || item.oid || 'ODM';
      checkText('ItemDef', item.oid, title);
      const units = fieldKey ? alias(item.aliases, EDC.fieldUnits) : unitOf(item);
      fields.push({
        ref,
        formTypeRef,
        title,
        fieldKey: fieldKey ?? (item.oid || 'ODM'),
        fieldType,
        optionList: options,
        defaultOption,
        units,
        odmCodeList: codeList,
      });
    }
    fieldRefOfItem.set(item.oid, ref);
    return ref;
  }

  function annotationOf(item: OdmItem): string | null {
    return (
      alias(item.aliases, EDC.annotationKey) ??
      item.sdsVarName ??
      item.aliases.find((a) => /SDTM/i.test(a.context))?.name ??
      item.sasFieldName ??
      null
    );
  }

  const sourceOfItem = new Map<string, OdmItemSource | null>();
  /** The item's source, the same on each of its placements (its reports once). */
  function sourceOf(item: OdmItem, field: PlannedField, text: string): OdmItemSource | null {
    if (!sourceOfItem.has(item.oid)) {
      const question = item.question === null ? null : (pickText(item.questionTexts) ?? null);
      const source = itemSourceOf(
        item,
        {
          fieldType: field.fieldType,
          fieldKey: field.fieldKey,
          fieldTitle: field.title,
          annotationKey: annotationOf(item),
          text,
          question,
          units: unitsOf(item),
        },
        say,
      );
      if (item.roles) say('ItemDef', item.oid, 'roles', { count: item.roles });
      sourceOfItem.set(item.oid, source);
    }
    return sourceOfItem.get(item.oid)!;
  }

  function placeItem(item: OdmItem, ref: OdmRef, placementRef: string, fieldRef: string): PlannedFormField {
    const text = item.question || item.name || item.oid || fields.find((f) => f.ref === fieldRef)!.title;
    checkText('ItemDef', item.oid, text);
    let mask = alias(item.aliases, EDC.mask);
    if (mask && !checkMask(mask).ok) {
      const bad = mask;
      once(`m:${item.oid}`, () => say('ItemDef', item.oid, 'bad_mask', { mask: bad }));
      mask = null;
    }
    let regExMask = alias(item.aliases, EDC.regExMask);
    if (regExMask && !isValidRegExMask(regExMask)) {
      const bad = regExMask;
      once(`x:${item.oid}`, () => say('ItemDef', item.oid, 'bad_regex', { mask: bad }));
      regExMask = null;
    }
    // This system's export writes an edit check's range as RangeChecks beside its rule: those come back as the
    // rule. Another system's number ranges and text value lists become an edit check (below); the rest is reported.
    const carried = odm.rules.some((r) => r.type === 'NoteAction' && r.itemOid === item.oid);
    const field0 = fields.find((f) => f.ref === fieldRef)!;
    const rangeKind = field0.fieldType === 'Number' ? 'number' : field0.fieldType === 'Text' ? 'text' : null;
    const asRule = rangeKind
      ? rangeChecksAsRule(fieldCodeOf(annotationOf(item), field0.fieldKey), item.rangeCheckList, rangeKind)
      : null;
    if (item.rangeChecks && !carried && asRule) rangeRules.set(item.oid, asRule);
    if (item.rangeChecks && !carried && !asRule)
      once(`r:${item.oid}`, () =>
        say('ItemDef', item.oid, 'range_check', {
          count: item.rangeChecks,
          checks: item.rangeCheckList
            .map((c) => [c.comparator, c.values.join(' '), c.softHard && `(${c.softHard})`].filter(Boolean).join(' '))
            .join('; '),
        }),
      );
    const dataLink = alias(item.aliases, EDC.dataLink);
    const duration = alias(item.aliases, EDC.duration);
    const field = fields.find((f) => f.ref === fieldRef)!;
    const unit = unitOf(item);
    return {
      ref: placementRef,
      oid: storable(item.oid),
      odmItem: sourceOf(item, field, text),
      fieldRef,
      text,
      textBefore: alias(item.aliases, EDC.textBefore),
      textAfter: alias(item.aliases, EDC.textAfter),
      annotationKey: annotationOf(item),
      dataLink: dataLink && (DATA_LINK_TYPES as readonly string[]).includes(dataLink) ? dataLink : null,
      isRequired: ref.mandatory,
      clinicalSignificance: alias(item.aliases, EDC.clinicalSignificance) === 'Yes',
      comment: item.comment,
      units: unit !== field.units ? unit : null,
      regExMask,
      mask,
      isHidden: alias(item.aliases, EDC.hidden) === 'Yes',
      requiredForEdc: alias(item.aliases, EDC.requiredForEdc) === 'Yes',
      duration:
        duration && DURATION_PATTERN.test(duration) && (field.fieldType === 'Time' || field.fieldType === 'DateTime')
          ? duration
          : null,
      parentRef: null,
      parentVisibleRule: null,
    };
  }

  /** Items whose REDCap branching logic became their dependency, and those where it could not (on some form). */
  const branchingMapped = new Set<string>();
  const branchingKept = new Set<string>();
  const placedGroups = new Set<string>();
  const placedItems = new Set<string>();
  const placementsOfItem = new Map<string, string[]>();
  /** Another system's number RangeChecks of an item as one edit check's expression (odm-range-rules.ts). */
  const rangeRules = new Map<string, string>();
  const itemOfPlacement = new Map<string, string>();
  /** Each placement's event and form, as a rule that is on some placements of its item names them. */
  const whereIsPlacement = new Map<string, string>();
  let eventOfForms: string | null = null;
  // Placements are numbered across the whole plan: a form referred to by two events is placed twice.
  let n = 0;

  /**
   * The form a FormDef becomes in one event, then one repeating form for each of its repeating ItemGroupDefs
   * (sections do not repeat; docs/design-api.md "ODM"), in the same visit, after it.
   */
  function planForm(formOid: string, mandatory: boolean): PlannedForm[] {
    const form = formsByOid.get(formOid);
    if (!form) {
      say('FormRef', formOid, 'form_undefined');
      return [];
    }
    if (form.archiveLayouts) once(`al:${form.oid}`, () => say('FormDef', form.oid, 'archive_layout'));
    once(`fd:${form.oid}`, () => {
      if (form.description) say('FormDef', form.oid, 'form_description');
      reportAliases('FormDef', form.oid, form.aliases);
    });
    checkText('FormDef', form.oid, form.name);
    const ourForm = ours(form.aliases);
    const formTypeRef = formTypeFor(form);
    const sections: PlannedSection[] = [];
    /** The repeating groups' sections, each the one section of a repeating form of its own. */
    const repeatingSections: PlannedSection[] = [];
    const placementOfItem = new Map<string, string>();
    /** Which form of the plan a placement is on: '' for the FormDef's own, else the repeating group's OID. */
    const partOfPlacement = new Map<string, string>();
    const pending: { planned: PlannedFormField; item: OdmItem; ref: OdmRef }[] = [];
    for (const gref of byOrder(form.groupRefs)) {
      const group = groupsByOid.get(gref.oid);
      if (!group) {
        once(`g:${gref.oid}`, () => say('ItemGroupRef', gref.oid, 'group_undefined'));
        continue;
      }
      placedGroups.add(group.oid);
      if (gref.mandatory) once(`gm:${form.oid}:${group.oid}`, () => say('ItemGroupRef', group.oid, 'group_mandatory'));
      if (group.repeating)
        once(`gr:${group.oid}`, () =>
          say('ItemGroupDef', group.oid, 'group_repeating', { form: repeatingFormTitle(form, group) }),
        );
      once(`ga:${group.oid}`, () => {
        const first = group.descriptionTexts.find((t) => t.text === group.description) ?? null;
        keptTexts(group.descriptionTexts, first, { say, element: 'ItemGroupDef', oid: group.oid, part: 'Description' });
        reportAliases('ItemGroupDef', group.oid, group.aliases);
      });
      const section: PlannedSection = {
        key: group.oid,
        oid: storable(group.oid),
        formSectionKey: ourForm ? alias(group.aliases, EDC.sectionKey) : group.oid,
        name: group.name || group.oid,
        description: group.description,
        fields: [],
      };
      for (const iref of byOrder(group.itemRefs)) {
        const item = itemsByOid.get(iref.oid);
        if (!item) {
          once(`i:${iref.oid}`, () => say('ItemRef', iref.oid, 'item_undefined'));
          continue;
        }
        placedItems.add(item.oid);
        const fieldRef = fieldFor(item, formTypeRef);
        const placement = `${form.oid}/${group.oid}/${item.oid}/${n++}`;
        if (!placementOfItem.has(item.oid)) placementOfItem.set(item.oid, placement);
        partOfPlacement.set(placement, group.repeating ? group.oid : '');
        placementsOfItem.set(item.oid, [...(placementsOfItem.get(item.oid) ?? []), placement]);
        itemOfPlacement.set(placement, item.oid);
        whereIsPlacement.set(placement, JSON.stringify([eventOfForms, form.oid]));
        const planned = placeItem(item, iref, placement, fieldRef);
        pending.push({ planned, item, ref: iref });
        section.fields.push(planned);
      }
      (group.repeating ? repeatingSections : sections).push(section);
    }
    // Dependencies travel in this system's aliases, and REDCap's simplest branching logic is one; others' skip
    // conditions are reported.
    for (const { planned, item, ref } of pending) {
      const parentOid = alias(item.aliases, EDC.parentItem);
      const rule = alias(item.aliases, EDC.parentVisibleRule);
      const branching = simpleBranching(item.branchingLogic);
      const parentPlacement = branching ? placementOfItem.get(branching.variable) : undefined;
      const parentField = parentPlacement
        ? fields.find((f) => f.ref === pending.find((p) => p.planned.ref === parentPlacement)?.planned.fieldRef)
        : undefined;
      const branchingRule = branching && parentField ? visibleRuleFor(branching.value, parentField) : null;
      // A dependency holds within one form: not between the FormDef's form and a repeating group's.
      const samePart = (parent: string | undefined) =>
        parent !== undefined && partOfPlacement.get(parent) === partOfPlacement.get(planned.ref);
      if (item.branchingLogic && !(branchingRule && parentPlacement !== planned.ref && samePart(parentPlacement)))
        branchingKept.add(item.oid);
      if (parentOid && rule && samePart(placementOfItem.get(parentOid))) {
        planned.parentRef = placementOfItem.get(parentOid)!;
        planned.parentVisibleRule = rule;
      } else if (branchingRule && parentPlacement && parentPlacement !== planned.ref && samePart(parentPlacement)) {
        planned.parentRef = parentPlacement;
        planned.parentVisibleRule = branchingRule;
        branchingMapped.add(item.oid);
      } else if (ref.conditionOid) {
        once(`c:${item.oid}:${ref.conditionOid}`, () => say('ItemRef', item.oid, 'condition', { condition: ref.conditionOid! }));
      }
    }
    const employees = (alias(form.aliases, EDC.employeeTypes) ?? '')
      .split(';')
      .filter((e) => (EMPLOYEE_TYPES as readonly string[]).includes(e));
    const gender = alias(form.aliases, EDC.gender);
    const planned: PlannedForm = {
      oid: storable(form.oid),
      title: form.name || form.oid,
      formKey: ourForm ? alias(form.aliases, EDC.formKey) : form.oid,
      formTypeRef,
      repeating: form.repeating,
      isRequired: mandatory,
      employeeTypesList: employees.length ? employees : [...DEFAULT_FORM_EMPLOYEE_TYPES],
      gender: gender && (GENDERS as readonly string[]).includes(gender) ? gender : 'Both',
      sections,
    };
    const repeating = repeatingSections.map<PlannedForm>((section) => {
      const group = groupsByOid.get(section.key)!;
      const oid = repeatingFormOid(form.oid, group.oid);
      return {
        ...planned,
        oid: storable(oid),
        title: repeatingFormTitle(form, group),
        formKey: oid,
        repeating: true,
        isRequired: false,
        sections: [section],
      };
    });
    return [planned, ...repeating];
  }

  const visits: PlannedVisit[] = [];
  const formsInEvents = new Set<string>();
  for (const { oid, mandatory } of eventOrder) {
    const e = eventsByOid.get(oid)!;
    checkText('StudyEventDef', e.oid, e.name);
    reportAliases('StudyEventDef', e.oid, e.aliases);
    const firstDescription = e.descriptionTexts.find((t) => t.text === e.description) ?? null;
    keptTexts(e.descriptionTexts, firstDescription, { say, element: 'StudyEventDef', oid: e.oid, part: 'Description' });
    const category = e.category && (VISIT_TYPES as readonly string[]).includes(e.category) ? e.category : null;
    if (!category && e.type !== 'Scheduled') say('StudyEventDef', e.oid, 'event_type', { type: e.type });
    const forms: PlannedForm[] = [];
    eventOfForms = e.oid;
    for (const fref of byOrder(e.formRefs)) {
      formsInEvents.add(fref.oid);
      forms.push(...planForm(fref.oid, fref.mandatory));
    }
    visits.push({
      oid: storable(e.oid),
      title: e.name || e.oid,
      visitKey: alias(e.aliases, EDC.visitKey) ?? e.oid,
      description: e.description,
      visitType: category ?? 'Period',
      repeating: e.repeating,
      isRequired: mandatory,
      dayNumber: int(alias(e.aliases, EDC.dayNumber), 0),
      dayPlus: Math.max(0, int(alias(e.aliases, EDC.dayPlus), 0)),
      dayMinus: Math.max(0, int(alias(e.aliases, EDC.dayMinus), 0)),
      pointList: (alias(e.aliases, EDC.pointList) ?? '').split(';').filter(Boolean),
      forms,
    });
  }

  eventOfForms = null;
  const loose = odm.forms.filter((f) => !formsInEvents.has(f.oid));
  if (loose.length) {
    const title = lang === 'ru' ? 'Формы вне событий ODM' : 'Forms outside any ODM event';
    const visit: PlannedVisit = {
      oid: null,
      title,
      visitKey: 'ODM.UNSCHEDULED',
      description: null,
      visitType: 'Period',
      repeating: false,
      isRequired: false,
      dayNumber: 0,
      dayPlus: 0,
      dayMinus: 0,
      pointList: [],
      forms: [],
    };
    for (const f of loose) {
      say('FormDef', f.oid, 'form_outside_events', { visit: title });
      visit.forms.push(...planForm(f.oid, false));
    }
    visits.push(visit);
  }

  for (const g of odm.groups) if (!placedGroups.has(g.oid)) say('ItemGroupDef', g.oid, 'group_unused');

  const unplaced = odm.items.filter((i) => !placedItems.has(i.oid));
  if (unplaced.length) {
    const title = lang === 'ru' ? 'Поля ODM вне форм' : 'ODM items outside any form';
    const typeRef = `${odm.mdvOid || 'ODM'}.UNPLACED`;
    formTypes.push({ ref: typeRef, title, formTypeKey: typeRef });
    for (const item of unplaced) {
      say('ItemDef', item.oid, 'item_unplaced', { type: title });
      fieldFor(item, typeRef);
    }
  }

  for (const cl of odm.codeLists) if (!usedCodeLists.has(cl.oid)) say('CodeList', cl.oid, 'codelist_unused');

  // Other systems' conditions and methods: those of skipped fields are reported on their ItemRefs.
  const conditionsUsed = new Set(odm.groups.flatMap((g) => g.itemRefs.map((r) => r.conditionOid)));
  for (const d of odm.otherDefs) {
    if (d.element === 'MethodDef') say('MethodDef', d.oid, 'method_other', { name: d.name, type: d.type ?? '—' });
    else if (!conditionsUsed.has(d.oid)) say('ConditionDef', d.oid, 'condition_unused', { name: d.name });
  }
  for (const u of odm.unread) {
    const mapped = u.element === 'ItemDef' && branchingMapped.has(u.oid ?? '') && !branchingKept.has(u.oid ?? '');
    const names = mapped ? u.names.filter((n) => !isBranchingName(n)) : u.names;
    if (names.length) say(u.element, u.oid, 'unread', { names: names.join(', ') });
  }

  // Rules: on every placement of their item; the expression is checked against each form when written.
  const rules: PlannedRule[] = [];
  for (const r of odm.rules) {
    if (!(RULE_TYPES as readonly string[]).includes(r.type)) {
      say(r.element, r.oid, 'rule_type', { type: r.type });
      continue;
    }
    const wanted = r.placements ? new Set(r.placements.map((p) => JSON.stringify(p))) : null;
    const placementRefs = (r.itemOid ? (placementsOfItem.get(r.itemOid) ?? []) : []).filter(
      (ref) => !wanted || wanted.has(whereIsPlacement.get(ref)!),
    );
    if (!placementRefs.length) {
      say(r.element, r.oid, 'rule_item', { item: r.itemOid ?? '—' });
      continue;
    }
    rules.push({
      oid: r.oid,
      type: r.type as RuleType,
      message: r.message,
      expression: r.expression ?? '',
      centre: r.centre,
      placementRefs,
    });
  }

  // Another system's number ranges, as an edit check on every placement of their item.
  for (const [itemOid, expression] of rangeRules) {
    const placementRefs = placementsOfItem.get(itemOid) ?? [];
    const checks = odm.items.find((i) => i.oid === itemOid)!.rangeCheckList;
    const text = `${lang === 'ru' ? 'Значение вне диапазона' : 'Value out of range'}: ${checks.map((c) => [c.comparator, c.values.join(' ')].join(' ')).join('; ')}`;
    if (placementRefs.length)
      rules.push({
        oid: `RANGE.${itemOid}`,
        type: 'NoteAction',
        message: text,
        expression,
        centre: null,
        placementRefs,
      });
  }

  const timePoints = planTimePoints(odm, visits, fields, itemOfPlacement, say, once, checkText);

  return {
    study: { oid: storable(odm.studyOid), mdvOid: storable(odm.mdvOid), description: odm.mdvDescription },
    visits,
    formTypes,
    fields,
    rules,
    timePoints,
    codeListsUsed: usedCodeLists.size,
    unmapped,
  };
}

const TIME_POINT_FIELD_TYPES: readonly FieldType[] = ['Time', 'DateTime'];
/** As the designer's limit (timePointCreate). */
const DESCRIPTION_MAX = 2000;

/**
 * Time points from this system's aliases (EDC_TIME), on every placement of their item, visit by visit: the
 * duration must be hh:mm:ss and the field Time or DateTime (else the point is skipped), the first start point
 * of a visit wins (a later one comes in as an ordinary point), a deviation must parse and be timed from
 * another point of the same visit (else it is skipped). Each refusal is reported.
 */
function planTimePoints(
  odm: OdmStudy,
  visits: PlannedVisit[],
  fields: PlannedField[],
  itemOfPlacement: Map<string, string>,
  say: Say,
  once: (key: string, fn: () => void) => void,
  checkText: (element: string, oid: string, text: string | null) => void,
): PlannedTimePoint[] {
  const itemsByOid = new Map(odm.items.map((i) => [i.oid, i]));
  const fieldType = new Map(fields.map((f) => [f.ref, f.fieldType]));
  const isTimeAlias = (a: OdmAlias) =>
    a.context === EDC_TIME.duration ||
    a.context === EDC_TIME.description ||
    a.context === EDC_TIME.start ||
    timeDeviationOrder(a.context) !== null;
  const hasAliases = (item: OdmItem) => item.aliases.some(isTimeAlias);
  /** The deviation aliases of an item by their number, then in document order. */
  const deviationAliases = (item: OdmItem) =>
    item.aliases
      .map((a, i) => ({ a, i, order: timeDeviationOrder(a.context) }))
      .filter((x) => x.order !== null)
      .sort((x, y) => x.order! - y.order! || x.i - y.i)
      .map((x) => x.a);
  const out: PlannedTimePoint[] = [];
  const seen = new Set<string>();
  for (const visit of visits) {
    // The points of the visit first, so that deviations can be timed from any of them.
    const points: PlannedTimePoint[] = [];
    const firstPointOfItem = new Map<string, PlannedTimePoint>();
    const pending: { point: PlannedTimePoint; item: OdmItem }[] = [];
    let start: PlannedTimePoint | null = null;
    for (const form of visit.forms)
      for (const section of form.sections)
        for (const ff of section.fields) {
          const item = itemsByOid.get(itemOfPlacement.get(ff.ref)!);
          if (!item || !hasAliases(item)) continue;
          seen.add(item.oid);
          const duration = alias(item.aliases, EDC_TIME.duration);
          if (duration === null || !DURATION_PATTERN.test(duration)) {
            once(`tpd:${item.oid}`, () => say('ItemDef', item.oid, 'time_point_duration', { value: duration ?? '' }));
            continue;
          }
          const type = fieldType.get(ff.fieldRef)!;
          if (!TIME_POINT_FIELD_TYPES.includes(type)) {
            once(`tpt:${item.oid}`, () => say('ItemDef', item.oid, 'time_point_field_type', { field: type }));
            continue;
          }
          let description = alias(item.aliases, EDC_TIME.description)?.trim() || null;
          if (description && description.length > DESCRIPTION_MAX) {
            once(`tpl:${item.oid}`, () => say('ItemDef', item.oid, 'time_point_description', { max: DESCRIPTION_MAX }));
            description = null;
          }
          checkText('ItemDef', item.oid, description);
          let isVisitStartPoint = alias(item.aliases, EDC_TIME.start) === 'Yes';
          if (isVisitStartPoint && start) {
            const first = start.itemOid;
            say('ItemDef', item.oid, 'time_point_start_taken', { visit: visit.title, item: first });
            isVisitStartPoint = false;
          }
          const point: PlannedTimePoint = {
            itemOid: item.oid,
            placementRef: ff.ref,
            duration,
            description,
            isVisitStartPoint,
            deviations: [],
          };
          if (isVisitStartPoint) start = point;
          points.push(point);
          if (!firstPointOfItem.has(item.oid)) firstPointOfItem.set(item.oid, point);
          pending.push({ point, item });
        }
    for (const { point, item } of pending) {
      for (const a of deviationAliases(item)) {
        const parts = a.name.split(';').map((p) => p.trim());
        if (parts.length !== 4 || !parts[0] || !parts.slice(1).every((p) => DURATION_PATTERN.test(p))) {
          once(`tdf:${item.oid}:${a.name}`, () => say('ItemDef', item.oid, 'time_deviation_format', { value: a.name }));
          continue;
        }
        const [startOid, deviation, deviationPlus, deviationMinus] = parts as [string, string, string, string];
        const from = firstPointOfItem.get(startOid);
        if (!from) {
          once(`tds:${item.oid}:${a.name}`, () => say('ItemDef', item.oid, 'time_deviation_start', { item: startOid }));
          continue;
        }
        if (from === point) {
          once(`tdx:${item.oid}:${a.name}`, () => say('ItemDef', item.oid, 'time_deviation_self'));
          continue;
        }
        point.deviations.push({ startPlacementRef: from.placementRef, deviation, deviationPlus, deviationMinus });
      }
    }
    out.push(...points);
  }
  // Items on no form have no form field to set a point on.
  for (const item of odm.items) if (!seen.has(item.oid) && hasAliases(item)) say('ItemDef', item.oid, 'time_point_unplaced');
  return out;
}

/**
 * The OID of the repeating form a repeating ItemGroupDef becomes: its FormDef's and its own, so that the clinical
 * data import finds it from an ItemGroupData with an ItemGroupRepeatKey (docs/data-exchange.md).
 */
export const repeatingFormOid = (formOid: string, groupOid: string) => `${formOid}.${groupOid}`;

export const repeatingFormTitle = (form: { oid: string; name: string | null }, group: { oid: string; name: string | null }) =>
  `${form.name || form.oid}: ${group.name || group.oid}`;
