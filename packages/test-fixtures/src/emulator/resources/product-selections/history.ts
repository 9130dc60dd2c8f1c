import { simple, type ResourceHistoryRules } from '../../history/change-kit.js';

/** A Product Selection's Changes by field. */
export const productSelectionChanges: ResourceHistoryRules = {
  name: simple('changeName', 'ChangeLocalizedNameChange'),
  // Set by the service after addProduct/removeProduct (live: a background change).
  productCount: simple('setProductCount', 'SetProductCountChange'),
};
