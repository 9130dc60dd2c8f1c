import type { StoredResource } from '../../store/collection.js';

/** The id of the Project's built-in `Initial` LineItemState (the same in every emulated project). */
export const INITIAL_STATE_ID = '00000000-0000-4000-8000-000000000001';

/**
 * The States every Project has from its creation (https://docs.commercetools.com/api/projects/states):
 * the `Initial` LineItemState every new Line Item and Custom Line Item holds its whole quantity in.
 * `builtIn`: it cannot be deleted, nor its key changed.
 */
export function builtInStates(createdAt: string): StoredResource[] {
  return [
    {
      id: INITIAL_STATE_ID,
      version: 1,
      createdAt,
      lastModifiedAt: createdAt,
      key: 'Initial',
      type: 'LineItemState',
      roles: [],
      name: { en: 'Initial' },
      description: { en: 'The State of a new Line Item or Custom Line Item.' },
      builtIn: true,
      initial: true,
    },
  ];
}
