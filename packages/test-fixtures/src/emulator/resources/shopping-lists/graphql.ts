import { addressOf, type GraphqlContext } from '../../graphql/context.js';
import { convertActions, localizedString, withoutNulls, type ActionConverters, type LocalizedInput } from '../../graphql/inputs.js';
import { localizedField, modifiedBy, named } from '../../graphql/objects.js';
import { pageOfArray, type PageArgs } from '../../graphql/paging.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import { mergeResolvers, standardFields, storeOfKey } from '../../graphql/standard-fields.js';
import type { Store } from '../stores/index.js';
import type { ShoppingList, ShoppingListLineItem, TextLineItem } from './lines.js';
import { myShoppingList, myShoppingListWrites, myShoppingLists } from './me.js';

type Input = Record<string, unknown>;

/** The localized members of GraphQL inputs, given as locale items. */
const LOCALIZED = ['name', 'description', 'slug'] as const;

/** A GraphQL input → its REST shape: nulls dropped, the localized members as locale maps (in text line drafts too). */
function restShape(input: Input, field: string): Input {
  const out = withoutNulls(input);
  for (const name of LOCALIZED) if (out[name] !== undefined) out[name] = localizedString(out[name] as LocalizedInput, `${field}.${name}`);
  if (Array.isArray(out['textLineItems'])) {
    out['textLineItems'] = (out['textLineItems'] as Input[]).map((line, index) => restShape(line, `${field}.textLineItems[${index}]`));
  }
  return out;
}

const MY_ACTIONS = [
  'addLineItem',
  'addTextLineItem',
  'changeLineItemQuantity',
  'changeLineItemsOrder',
  'changeName',
  'changeTextLineItemName',
  'changeTextLineItemQuantity',
  'changeTextLineItemsOrder',
  'removeLineItem',
  'removeTextLineItem',
  'setDeleteDaysAfterLastModification',
  'setDescription',
  'setTextLineItemDescription',
] as const;
const ACTIONS = [...MY_ACTIONS, 'setAnonymousId', 'setCustomer', 'setKey', 'setSlug', 'setStore'] as const;

type ActionInput<N extends string> = { [K in N]?: Input | null };
const converters = <N extends string>(names: readonly N[]) =>
  Object.fromEntries(names.map((name) => [name, restShape])) as unknown as ActionConverters<ActionInput<N>>;
const myActions = converters(MY_ACTIONS);

/** The Store of a `storeKey` argument of a My Shopping List write (none without). */
const storeOf = (ctx: GraphqlContext, storeKey: string | null | undefined): Store | undefined =>
  storeKey == null ? undefined : storeOfKey(ctx, storeKey, 'manage_my_shopping_lists');

type MyWriteArgs = { id?: string | null; key?: string | null; version: number; storeKey?: string | null };

/**
 * Shopping Lists in GraphQL, through the REST operations: `shoppingList(s)` (and under `inStore`),
 * the writes with `storeKey`, and the caller's own under `me` with the My Shopping List mutations.
 */
export const shoppingListResolvers: ResolverMap = mergeResolvers(
  standardFields<Input, ActionInput<(typeof ACTIONS)[number]>>({
    typeId: 'shopping-list',
    typeName: 'ShoppingList',
    one: 'shoppingList',
    many: 'shoppingLists',
    draft: (input) => restShape(input, 'draft'),
    actions: converters(ACTIONS),
    inStore: {
      belongsTo: (list: ShoppingList, storeKey) => list.store?.key === storeKey,
      draftIn: (draft, storeKey) => ({ ...draft, store: { typeId: 'store', key: storeKey } }),
    },
  }),
  {
    Mutation: {
      createMyShoppingList: (_: unknown, args: { draft: Input; storeKey?: string | null }, ctx: GraphqlContext) =>
        myShoppingListWrites.create(ctx.emulator, restShape(args.draft, 'draft'), ctx.caller, storeOf(ctx, args.storeKey)),
      updateMyShoppingList: (
        _: unknown,
        args: MyWriteArgs & { actions: ActionInput<(typeof MY_ACTIONS)[number]>[] },
        ctx: GraphqlContext,
      ) =>
        myShoppingListWrites.update(
          ctx.emulator,
          addressOf(args, 'updateMyShoppingList'),
          { version: args.version, actions: convertActions(args.actions, myActions) },
          ctx.caller,
          storeOf(ctx, args.storeKey),
        ),
      deleteMyShoppingList: (_: unknown, args: MyWriteArgs, ctx: GraphqlContext) =>
        myShoppingListWrites.delete(
          ctx.emulator,
          addressOf(args, 'deleteMyShoppingList'),
          args.version,
          ctx.caller,
          storeOf(ctx, args.storeKey),
        ),
    },
    Me: {
      shoppingList: (_: unknown, args: { id?: string | null; key?: string | null }, ctx: GraphqlContext) =>
        myShoppingList(ctx.emulator, ctx.principal, addressOf(args, 'shoppingList')) ?? null,
      shoppingLists: (_: unknown, args: PageArgs, ctx: GraphqlContext) =>
        pageOfArray(myShoppingLists(ctx.emulator, ctx.principal), args, 'ShoppingList'),
    },
    ShoppingList: {
      ...named((list: ShoppingList) => list.name),
      ...localizedField('description'),
      ...localizedField('slug'),
      customerRef: (list: ShoppingList) => list.customer ?? null,
      storeRef: (list: ShoppingList) => list.store ?? null,
      ...modifiedBy,
    },
    ShoppingListLineItem: {
      ...named((line: ShoppingListLineItem) => line.name),
      productTypeRef: (line: ShoppingListLineItem) => line.productType,
    },
    TextLineItem: {
      ...named((line: TextLineItem) => line.name),
      ...localizedField('description'),
    },
  },
);
