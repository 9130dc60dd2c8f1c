import type { ProjectSettings } from '../../state.js';
import { commerceContract } from '../../validation/contract.js';
import { assertValid } from '../../validation/request-errors.js';
import type { Schemas } from '../kit/resource-type.js';

/** A Shopping List's retention when neither it nor the project sets one (the live default). */
const DEFAULT_SHOPPING_LIST_DAYS = 360;

/** The days a Shopping List without its own `deleteDaysAfterLastModification` is kept. */
export function shoppingListDaysOf(project: Pick<ProjectSettings, 'shoppingLists'>): number {
  return project.shoppingLists?.deleteDaysAfterLastModification ?? DEFAULT_SHOPPING_LIST_DAYS;
}

/** The project update action of the Shopping Lists settings. */
export const shoppingListSettingsActions = {
  /** Sets the retention of the lists without their own; without a value, the live default (360 days) again. */
  changeShoppingListsConfiguration(project: ProjectSettings, action: unknown, index: number): void {
    assertValid(commerceContract(), 'ProjectChangeShoppingListsConfigurationAction', action, `/actions/${index}`);
    const { shoppingListsConfiguration } = action as Extract<
      Schemas['ProjectUpdateAction'],
      { action: 'changeShoppingListsConfiguration' }
    >;
    const days = shoppingListsConfiguration?.deleteDaysAfterLastModification;
    if (days === undefined) delete project.shoppingLists;
    else project.shoppingLists = { deleteDaysAfterLastModification: days };
  },
};
