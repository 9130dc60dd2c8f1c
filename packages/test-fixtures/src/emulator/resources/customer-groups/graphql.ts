import { plainActions, withoutNulls, type Nullable } from '../../graphql/inputs.js';
import { standardFields } from '../../graphql/standard-fields.js';

/** `CustomerGroupUpdateAction`: one member set, named after the action; the members are the REST action's. */
type CustomerGroupUpdateActionInput = Nullable<{
  changeName: { name: string };
  setKey: { key?: string | null };
}>;

/** Customer Groups in GraphQL: `customerGroup`, `customerGroups` and the writes, whose inputs are the REST shapes. */
export const customerGroupResolvers = standardFields<{ groupName: string; key?: string | null }, CustomerGroupUpdateActionInput>({
  typeId: 'customer-group',
  typeName: 'CustomerGroup',
  one: 'customerGroup',
  many: 'customerGroups',
  draft: withoutNulls,
  actions: plainActions(['changeName', 'setKey']),
});
