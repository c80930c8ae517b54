export {
  compileRules,
  OPEN_RULES_SOURCE,
  RulesError,
  ruleQueryFromParams,
  type AuthContext,
  type CompiledRules,
  type WriteResult,
} from './compile.js';
export type { RuleQuery } from './exprEval.js';
