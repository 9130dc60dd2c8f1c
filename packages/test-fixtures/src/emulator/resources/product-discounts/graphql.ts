import { need, type GraphqlContext } from '../../graphql/context.js';
import {
  localizedString,
  onlyMember,
  plainActions,
  withoutNulls,
  type ActionConverters,
  type LocalizedInput,
  type Nullable,
} from '../../graphql/inputs.js';
import { localizedField, modifiedBy } from '../../graphql/objects.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import { mergeResolvers, readScopes, standardFields } from '../../graphql/standard-fields.js';
import type { Schemas } from '../kit/resource-type.js';
import { isInForce, type ProductDiscount } from './apply.js';
import { productDiscountType } from './index.js';

/** `ProductDiscountValueInput`: exactly one of `relative`, `absolute`, `external`. */
type ValueInput = Nullable<{
  relative: { permyriad: number };
  absolute: { money: readonly { currencyCode: string; centAmount: number }[] };
  external: { dummy?: string | null };
}>;

type DraftInput = Nullable<
  Pick<Schemas['ProductDiscountDraft'], 'predicate' | 'sortOrder' | 'validFrom' | 'validUntil' | 'isActive' | 'key'>
> & {
  value: ValueInput;
  name: LocalizedInput;
  description?: LocalizedInput | null;
};

/** `ProductDiscountUpdateAction`: one member set, named after the REST action. */
type ActionInput = Nullable<{
  changeIsActive: { isActive: boolean };
  changeName: { name: LocalizedInput };
  changePredicate: { predicate: string };
  changeSortOrder: { sortOrder: string };
  changeValue: { value: ValueInput };
  setDescription: { description?: LocalizedInput | null };
  setKey: { key?: string | null };
  setValidFrom: { validFrom?: string | null };
  setValidFromAndUntil: { validFrom?: string | null; validUntil?: string | null };
  setValidUntil: { validUntil?: string | null };
}>;

/** `{ relative: { permyriad } }` → REST `{ type: 'relative', permyriad }`; InvalidInput unless exactly one is set. */
function valueDraft(input: ValueInput, field: string): Schemas['ProductDiscountValueDraft'] {
  const { name, input: members } = onlyMember(input, field, 'value');
  if (name === 'external') return { type: 'external' };
  return { type: name, ...withoutNulls(members) } as Schemas['ProductDiscountValueDraft'];
}

/** GraphQL `ProductDiscountDraft` → REST ProductDiscountDraft. */
function productDiscountDraft(draft: DraftInput): object {
  const { value, name, description, ...plain } = draft;
  return {
    ...withoutNulls(plain),
    // The live default of the GraphQL input, which REST requires.
    isActive: draft.isActive ?? true,
    value: valueDraft(value, 'draft.value'),
    name: localizedString(name, 'draft.name'),
    ...(description != null ? { description: localizedString(description, 'draft.description') } : {}),
  };
}

const actions: ActionConverters<ActionInput> = {
  ...plainActions<ActionInput>([
    'changeIsActive',
    'changePredicate',
    'changeSortOrder',
    'setKey',
    'setValidFrom',
    'setValidFromAndUntil',
    'setValidUntil',
  ]),
  changeName: (a, field) => ({ name: localizedString(a.name, `${field}.name`) }),
  changeValue: (a, field) => ({ value: valueDraft(a.value, `${field}.value`) }),
  setDescription: (a, field) => (a.description == null ? {} : { description: localizedString(a.description, `${field}.description`) }),
};

const VALUE_TYPES = { relative: 'RelativeDiscountValue', absolute: 'AbsoluteDiscountValue', external: 'ExternalDiscountValue' } as const;

/** Product Discounts in GraphQL: the standard fields, and the `discounted` of a Price naming its discount. */
export const productDiscountResolvers: ResolverMap = mergeResolvers(
  standardFields<DraftInput, ActionInput>({
    typeId: 'product-discount',
    typeName: 'ProductDiscount',
    one: 'productDiscount',
    many: 'productDiscounts',
    draft: productDiscountDraft,
    actions,
  }),
  {
    ProductDiscount: {
      ...localizedField('name'),
      ...localizedField('description'),
      isValid: (discount: ProductDiscount, _: unknown, ctx: GraphqlContext) =>
        isInForce({ ...discount, isActive: true }, ctx.emulator.state.clock.now()),
      referenceRefs: (discount: ProductDiscount) => discount.references,
      value: (discount: ProductDiscount) => ({ ...discount.value, __typename: VALUE_TYPES[discount.value.type] }),
      ...modifiedBy,
    },
    DiscountedProductPriceValue: {
      discountRef: (discounted: Schemas['DiscountedPrice']) => discounted.discount,
      discount: (discounted: Schemas['DiscountedPrice'], _: unknown, ctx: GraphqlContext) => {
        need(ctx, readScopes(productDiscountType));
        return ctx.emulator.state.collection<ProductDiscount>('product-discount').get(discounted.discount.id) ?? null;
      },
    },
  },
);
