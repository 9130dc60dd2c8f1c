import { actionNames, change, simple, type ResourceHistoryRules } from '../../history/change-kit.js';

/** A Category's Changes by field. */
export const categoryChanges: ResourceHistoryRules = {
  name: simple('changeName', 'ChangeLocalizedNameChange'),
  slug: simple('changeSlug', 'ChangeSlugChange'),
  description: simple('setDescription', 'SetLocalizedDescriptionChange'),
  parent: simple('changeParent', 'ChangeParentChange'),
  // Follows the parent: the changeParent Change says it; a descendant's ancestors change in the background.
  ancestors: (previous, next, input) =>
    actionNames(input).has('changeParent') ? [] : [change('setAncestors', 'SetAncestorsChange', previous, next)],
  orderHint: simple('changeOrderHint', 'ChangeOrderHintChange'),
  externalId: simple('setExternalId', 'SetExternalIdChange'),
  metaTitle: simple('setMetaTitle', 'SetMetaTitleChange'),
  metaDescription: simple('setMetaDescription', 'SetMetaDescriptionChange'),
  metaKeywords: simple('setMetaKeywords', 'SetMetaKeywordsChange'),
};
