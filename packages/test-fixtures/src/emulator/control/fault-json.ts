import { checkFaultRule, InvalidFaultRuleError, type FaultRule, type InstalledFault } from '../http/faults.js';
import { MAX_PATH_PATTERN_LENGTH } from '../http/path-pattern.js';

/**
 * A fault rule as JSON (the control API): the fields of {@link FaultRule}, except that a
 * RegExp path is written `pathPattern` (its source, no flags) since JSON has no RegExp. It is
 * matched in linear time: RE2 syntax, no backreferences or lookaround (see `linearMatcher`).
 */
export type FaultRuleJson = Omit<FaultRule, 'path'> & { path?: string; pathPattern?: string };

/** How an installed rule is listed: its id, then the rule (with what is left of `times`). */
export type InstalledFaultJson = { id: string } & FaultRuleJson;

/**
 * Reads a rule sent as JSON; TypeError naming the field when it is not a valid rule.
 *
 * @example
 * ruleFromJson({ kind: 'cut', pathPattern: '^/auth/oauth/token' }); // { kind: 'cut', path: /^\/auth\/oauth\/token/ }
 */
export function ruleFromJson(body: unknown): FaultRule {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return checkFaultRule(body);
  const { pathPattern, ...rest } = body as Record<string, unknown>;
  if (pathPattern === undefined) return checkFaultRule(rest);
  if (rest['path'] !== undefined) throw new InvalidFaultRuleError('give path (a prefix) or pathPattern (a RegExp), not both');
  if (typeof pathPattern !== 'string') throw new InvalidFaultRuleError('pathPattern must be a string (the source of a RegExp)');
  if (pathPattern.length > MAX_PATH_PATTERN_LENGTH)
    throw new InvalidFaultRuleError(`pathPattern has ${pathPattern.length} characters; at most ${MAX_PATH_PATTERN_LENGTH}`);
  let path: RegExp;
  try {
    path = new RegExp(pathPattern);
  } catch (error) {
    throw new InvalidFaultRuleError(`pathPattern is not a RegExp: ${(error as Error).message}`);
  }
  return checkFaultRule({ ...rest, path });
}

/**
 * A rule as JSON: a RegExp path becomes `pathPattern`, its source (flags cannot travel: a RegExp
 * with flags is an {@link InvalidFaultRuleError}).
 *
 * @example
 * ruleToJson({ kind: 'cut', path: /^\/auth/ }); // { kind: 'cut', pathPattern: '^\\/auth' }
 */
export function ruleToJson(rule: FaultRule | FaultRuleJson): FaultRuleJson {
  const { path, ...rest } = rule;
  if (!(path instanceof RegExp)) return path === undefined ? rest : { ...rest, path };
  if (path.flags !== '') throw new InvalidFaultRuleError(`a path RegExp sent as JSON cannot have flags (${String(path)})`);
  return { ...rest, pathPattern: path.source };
}

/**
 * An installed rule as JSON, for the control API's listing.
 *
 * @example
 * faultToJson({ id: 'fault-1', rule: { kind: 'cut', path: /^\/auth/ } }); // { id: 'fault-1', kind: 'cut', pathPattern: '^\\/auth' }
 */
export function faultToJson({ id, rule }: InstalledFault): InstalledFaultJson {
  return { id, ...ruleToJson(rule) };
}
