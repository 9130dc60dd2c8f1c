import type { GraphqlContext } from './context.js';

/** One field resolver; `source` is the parent object, `args` the coerced arguments. */
export type Resolver<S = unknown, A = Record<string, never>> = (source: S, args: A, ctx: GraphqlContext) => unknown;

/**
 * Field resolvers by type and field name. Typed loosely on purpose (each resolver narrows its
 * own source and arguments); `attachResolvers` checks every name against the schema at start-up.
 */
export type ResolverMap = Record<string, Record<string, Resolver<never, never>>>;

/** `{ locale, value }` items of a localized string, as `nameAllLocales` lists them. */
export function allLocales(value: Record<string, string> | undefined): { locale: string; value: string }[] | null {
  return value === undefined ? null : Object.entries(value).map(([locale, text]) => ({ locale, value: text }));
}

/** Arguments of `name(locale, acceptLanguage)`. */
export interface LocaleArgs {
  locale?: string | null;
  acceptLanguage?: readonly string[] | null;
}

/** The value in `locale`, else in the first of `acceptLanguage` that has one, else null (schema convention). */
export function inLocale(value: Record<string, string> | undefined, args: LocaleArgs): string | null {
  if (value === undefined) return null;
  if (args.locale != null) return value[args.locale] ?? null;
  for (const locale of args.acceptLanguage ?? []) if (value[locale] !== undefined) return value[locale];
  return null;
}
