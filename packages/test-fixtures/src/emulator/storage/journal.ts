/**
 * What the parts of a project's store tell a durable storage as they change, so that it writes
 * exactly what changed when the request ends (see storage.ts). Each call names a row by its key;
 * the storage reads the row's current value from the part when it writes. `placed` is true when
 * the row takes a new place in its part's order (a new resource, a Product joining a selection, a
 * new client, a token issued or used), so the order survives a restart.
 *
 * In memory mode there is no journal (`undefined`): the parts skip the calls.
 */
export interface ChangeJournal {
  resource(typeId: string, id: string, placed: boolean): void;
  membership(selectionId: string, productId: string, placed: boolean): void;
  messageSequence(resourceId: string): void;
  history(): void;
  settings(): void;
  client(id: string, placed: boolean): void;
  token(hash: string, placed: boolean): void;
  customer(customerId: string): void;
}
