import type { ResolverMap } from '../../graphql/resolver-types.js';
import type { Schemas } from '../kit/resource-type.js';

/** The objects of Deliveries and returns where GraphQL differs from REST: defaults of absent members, the return items' types. */
export const fulfilmentObjects: ResolverMap = {
  Parcel: { items: (parcel: Schemas['Parcel']) => parcel.items ?? [] },
  TrackingData: { isReturn: (data: Schemas['TrackingData']) => data.isReturn ?? false },
  ReturnInfo: {
    items: (info: Schemas['ReturnInfo']) => info.items.map((item) => ({ ...item, __typename: item.type })),
  },
};
