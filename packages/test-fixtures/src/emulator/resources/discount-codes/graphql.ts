import { lookup, need, type GraphqlContext } from '../../graphql/context.js';
import {
  localizedMembers as localizedMembersOf,
  plainActions,
  withoutNulls,
  type ActionConverters,
  type IdentifierInput,
  type LocalizedInput,
  type Nullable,
} from '../../graphql/inputs.js';
import { localizedField, modifiedBy } from '../../graphql/objects.js';
import { mergeResolvers, readScopes, standardFields } from '../../graphql/standard-fields.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import { discountCodeType, type DiscountCode } from './index.js';

type Localized = { name?: LocalizedInput | null; description?: LocalizedInput | null };
/** `DiscountCodeDraft`: the REST draft's members, localized strings as locale items. */
type DraftInput = Localized &
  Nullable<{ code: string; key: string; cartPredicate: string; isActive: boolean; validFrom: string; validUntil: string }> &
  Nullable<{ maxApplications: number; maxApplicationsPerCustomer: number; groups: readonly string[] }> & {
    cartDiscounts: readonly IdentifierInput[];
  };
/** `DiscountCodeUpdateAction`: one member set, named after the action. */
type ActionInput = Nullable<{
  changeCartDiscounts: { cartDiscounts: readonly IdentifierInput[] };
  changeGroups: { groups: readonly string[] };
  changeIsActive: { isActive: boolean };
  setCartPredicate: { cartPredicate?: string | null };
  setDescription: Pick<Localized, 'description'>;
  setKey: { key?: string | null };
  setMaxApplications: { maxApplications?: number | null };
  setMaxApplicationsPerCustomer: { maxApplicationsPerCustomer?: number | null };
  setName: Pick<Localized, 'name'>;
  setValidFrom: { validFrom?: string | null };
  setValidFromAndUntil: { validFrom?: string | null; validUntil?: string | null };
  setValidUntil: { validUntil?: string | null };
}>;

/** The localized members given, as REST localized strings (null or absent: unset). */
const localizedMembers = localizedMembersOf(['name', 'description']);

const identifiers = (list: readonly IdentifierInput[]) => list.map((identifier) => withoutNulls(identifier));

/** GraphQL `DiscountCodeDraft` → REST DiscountCodeDraft. */
function discountCodeDraft(draft: DraftInput): object {
  const { name: _name, description: _description, cartDiscounts, ...plain } = draft;
  return { ...withoutNulls(plain), ...localizedMembers(draft, 'draft'), cartDiscounts: identifiers(cartDiscounts) };
}

const actions: ActionConverters<ActionInput> = {
  ...plainActions<ActionInput>([
    'changeGroups',
    'changeIsActive',
    'setCartPredicate',
    'setKey',
    'setMaxApplications',
    'setMaxApplicationsPerCustomer',
    'setValidFrom',
    'setValidFromAndUntil',
    'setValidUntil',
  ]),
  changeCartDiscounts: ({ cartDiscounts }) => ({ cartDiscounts: identifiers(cartDiscounts) }),
  setDescription: localizedMembers,
  setName: localizedMembers,
};

type Ref = { typeId: string; id: string };

/** Discount Codes in GraphQL: the standard fields, their object fields, and the codes of Carts and Orders. */
export const discountCodeResolvers: ResolverMap = mergeResolvers(
  standardFields<DraftInput, ActionInput>({
    typeId: 'discount-code',
    typeName: 'DiscountCode',
    one: 'discountCode',
    many: 'discountCodes',
    draft: discountCodeDraft,
    actions,
  }),
  {
    DiscountCode: {
      ...localizedField('name'),
      ...localizedField('description'),
      cartDiscountRefs: (code: DiscountCode) => code.cartDiscounts,
      storesRef: (code: DiscountCode) => code.stores,
      referenceRefs: (code: DiscountCode) => code.references,
      applicationCount: (code: DiscountCode) => code.applicationCount ?? 0,
      ...modifiedBy,
    },
    DiscountCodeInfo: {
      discountCodeRef: (info: { discountCode: Ref }) => info.discountCode,
      discountCode: (info: { discountCode: Ref }, _: unknown, ctx: GraphqlContext) => {
        need(ctx, readScopes(discountCodeType));
        return lookup<DiscountCode>(ctx.emulator.state, 'discount-code', { id: info.discountCode.id }) ?? null;
      },
    },
  },
);
