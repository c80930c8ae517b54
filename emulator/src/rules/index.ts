export {
  compileRules,
  OPEN_RULES_SOURCE,
  RulesError,
  ruleQueryFromParams,
  type AuthContext,
  type CompiledRules,
} from './compile.js';
