/** The expression language of study rules (issue 13; docs/rules.md). */
export * from './types.js';
export { tokenize, KEYWORDS, type Token, type TokenKind } from './lexer.js';
export { parseRule, ruleFunctionName, type ParseResult } from './parser.js';
export { printRule, plainNumber, quoteRuleString } from './printer.js';
export { withoutPositions, sameRule } from './positions.js';
export { relatedFieldCodes } from './related-fields.js';
export { typeCheck, type TypeCheckResult } from './type-check.js';
export {
  evaluateRule,
  numbersEqual,
  EVALUATION_FAILURE_REASONS,
  type EvaluationFailure,
  type EvaluationFailureReason,
  type EvaluationResult,
  type EvaluationSuccess,
} from './evaluate.js';
export {
  RULE_FUNCTIONS,
  CREATININE_UMOL_PER_MG_DL,
  MAX_ROUND_DIGITS,
  ageInYears,
  bmi,
  creatinineClearance,
  ckdEpi2021,
  roundAwayFromZero,
  roundToZero,
  readSex,
  type RuleFunction,
  type InvalidArgumentDetail,
} from './functions.js';
export { RULE_TYPE_OF_FIELD, ruleTypeOfFieldType } from './values.js';
export { checkRule, type RuleCheck } from './check-rule.js';
export { ruleErrorMessage, evaluationFailureMessage, testInputErrorMessage, ruleTypeName } from './messages.js';
export { parseTestInput, type TestInputError, type TestInputErrorCode, type TestInputResult } from './test-input.js';
export { rangeChecksOf, type RangeCheck } from './range-checks.js';
