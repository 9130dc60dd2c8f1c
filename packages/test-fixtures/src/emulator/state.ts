import type { Principal } from './auth/principal.js';
import type { Clock } from './clock.js';
import type { Schemas } from './resources/kit/schemas.js';
import { SelectionMembership, type MembershipSnapshot } from './resources/product-selections/membership.js';
import { builtInStates } from './resources/states/built-in.js';
import type { ChangeJournal } from './storage/journal.js';
import { Collection, type StoredResource } from './store/collection.js';

/** Project settings, changed through `POST /{projectKey}`. */
export interface ProjectSettings {
  key: string;
  name: string;
  version: number;
  countries: string[];
  currencies: string[];
  languages: string[];
  createdAt: string;
  messages: { enabled: boolean; deleteDaysAfterCreation: number };
  externalOAuth?: { url: string; authorizationHeader: string };
  /** The Carts' defaults; the rounding modes only once set. */
  carts: CartsSettings;
  shippingRateInputType?: Schemas['ShippingRateInputType'];
  /** How Product and Cart Discounts combine; absent: the live default `Stacking`. */
  discountCombinationMode?: 'Stacking' | 'BestDeal';
  /** The Shopping Lists' retention in days once set (absent: the live default, 360). */
  shoppingLists?: { deleteDaysAfterLastModification: number };
}

export interface CartsSettings {
  deleteDaysAfterLastModification: number;
  countryTaxRateFallbackEnabled: boolean;
  priceRoundingMode?: Schemas['RoundingMode'];
  taxRoundingMode?: Schemas['RoundingMode'];
}

/** The Carts' settings of a new project: the live defaults (retention 90 days, no country fallback). */
const INITIAL_CARTS: CartsSettings = { deleteDaysAfterLastModification: 90, countryTaxRateFallbackEnabled: false };

/** Where a change came from (Change History `source`). */
export type ChangeSource = 'ApiClient' | 'AdminConsole';

/** One write to a resource, as seen by messages and the change history. */
export interface ChangeEvent {
  typeId: string;
  kind: 'created' | 'updated' | 'deleted';
  /** The resource before the change (absent on create). */
  before?: StoredResource;
  /** The resource after the change (absent on delete). */
  after?: StoredResource;
  /** The update actions as sent (on update). */
  actions?: readonly Record<string, unknown>[];
  /** Made by the platform as a consequence of the principal's write (e.g. a deleted Product leaving its selections). */
  background?: boolean;
  /** Change History Changes the resource's two versions cannot show (assignments kept outside it). */
  extraChanges?: readonly Record<string, unknown>[];
  principal: Principal;
  externalUserId?: string;
  source: ChangeSource;
  /** Admin console user id when `source` is AdminConsole. */
  userId?: string;
  /** Milliseconds since the epoch. */
  at: number;
}

export type ChangeListener = (event: ChangeEvent) => void;

/** The settings of a new project: version 1, messages on for 15 days, no external OAuth server. */
function initialProject(projectKey: string, createdAt: string): ProjectSettings {
  return {
    key: projectKey,
    name: projectKey,
    version: 1,
    countries: ['DE', 'US'],
    currencies: ['EUR', 'USD'],
    languages: ['en', 'de'],
    createdAt,
    messages: { enabled: true, deleteDaysAfterCreation: 15 },
    carts: { ...INITIAL_CARTS },
  };
}

/** A deep copy of the settings' own fields (a snapshot's may carry more). */
function copyProject(project: ProjectSettings): ProjectSettings {
  const { key, name, version, countries, currencies, languages, createdAt, messages, externalOAuth, shippingRateInputType, shoppingLists } =
    project;
  const { discountCombinationMode } = project;
  // Snapshots of earlier versions have no `carts`: the initial settings.
  const carts = (project as Partial<ProjectSettings>).carts ?? INITIAL_CARTS;
  const copy: ProjectSettings = {
    key,
    name,
    version,
    countries: [...countries],
    currencies: [...currencies],
    languages: [...languages],
    createdAt,
    messages: { enabled: messages.enabled, deleteDaysAfterCreation: messages.deleteDaysAfterCreation },
    carts: {
      deleteDaysAfterLastModification: carts.deleteDaysAfterLastModification,
      countryTaxRateFallbackEnabled: carts.countryTaxRateFallbackEnabled,
      ...(carts.priceRoundingMode !== undefined ? { priceRoundingMode: carts.priceRoundingMode } : {}),
      ...(carts.taxRoundingMode !== undefined ? { taxRoundingMode: carts.taxRoundingMode } : {}),
    },
  };
  if (shippingRateInputType) copy.shippingRateInputType = structuredClone(shippingRateInputType);
  if (discountCombinationMode) copy.discountCombinationMode = discountCombinationMode;
  if (shoppingLists) copy.shoppingLists = { deleteDaysAfterLastModification: shoppingLists.deleteDaysAfterLastModification };
  if (externalOAuth) copy.externalOAuth = { url: externalOAuth.url, authorizationHeader: externalOAuth.authorizationHeader };
  return copy;
}

/** What the state puts into an emulator snapshot and takes from one. */
export interface StateSnapshot {
  project: ProjectSettings;
  resources: Record<string, StoredResource[]>;
  selectionMembership: MembershipSnapshot[];
}

/**
 * The resources of one emulated project (the collections with their indexes, and which Product is
 * in which Product Selection) and its settings. Plain in-memory state; the clock is injectable.
 * One part of the project's store (see project/store.ts).
 */
export class EmulatorState {
  private readonly collections = new Map<string, Collection<StoredResource>>();
  /** Which Product is in which Product Selection: an index beside the collections. */
  readonly membership: SelectionMembership;
  private readonly changeListeners: ChangeListener[] = [];
  /** When the project was created; a reset keeps it (the project is emptied, not made anew). */
  private readonly createdAt: string;
  private settings: ProjectSettings;

  /** `journal`: what a durable storage is told of every change (see storage/journal.ts); none in memory mode. */
  constructor(
    readonly projectKey: string,
    readonly clock: Clock,
    readonly journal?: ChangeJournal,
  ) {
    this.membership = new SelectionMembership(journal);
    this.createdAt = new Date(clock.now()).toISOString();
    this.settings = initialProject(projectKey, this.createdAt);
    this.addBuiltIns();
  }

  /** Puts back the resources every project has from its creation (the built-in States) where they are missing. */
  private addBuiltIns(): void {
    const states = this.collection('state');
    for (const state of builtInStates(this.createdAt)) if (!states.get(state.id)) states.insert(state);
  }

  /** The project settings; replaced as a whole by an update (never changed in place). */
  get project(): ProjectSettings {
    return this.settings;
  }

  set project(settings: ProjectSettings) {
    this.settings = settings;
    this.journal?.settings();
  }

  /**
   * Empties every collection (but for the built-in States) and puts the project settings back as they were at creation
   * (version 1, initial messages configuration, no external OAuth; same `createdAt`). The
   * collections are emptied in place, since modules hold on to them (the MessageLog does), and
   * change listeners stay subscribed, so the Change History goes on recording afterwards.
   */
  reset(): void {
    for (const collection of this.collections.values()) collection.clear();
    this.membership.clear();
    this.settings = initialProject(this.projectKey, this.createdAt);
    this.addBuiltIns();
  }

  /**
   * Writes the project settings, deep copies of every collection's resources by typeId (messages
   * included: the MessageLog keeps them in the `message` collection) and the memberships into an
   * emulator snapshot.
   */
  saveTo(snapshot: Partial<StateSnapshot>): void {
    const resources: Record<string, StoredResource[]> = {};
    for (const [typeId, collection] of this.collections) resources[typeId] = collection.toSnapshot();
    snapshot.project = copyProject(this.project);
    snapshot.resources = resources;
    snapshot.selectionMembership = this.membership.toSnapshot();
  }

  /**
   * Fills the collections with deep copies of a snapshot's resources and takes its project
   * settings and memberships, in place, after {@link reset} emptied them (a restore is a reset,
   * then this); change listeners are not told. The caller has checked the snapshot.
   */
  restoreFrom(snapshot: StateSnapshot): void {
    for (const [typeId, resources] of Object.entries(snapshot.resources)) {
      // Emptied again: the reset put the built-ins back, and the snapshot may hold them too.
      this.collection(typeId).clear();
      this.collection(typeId).restoreFrom(resources);
    }
    this.addBuiltIns();
    this.settings = copyProject(snapshot.project);
    this.membership.restoreFrom(snapshot.selectionMembership);
  }

  /** The collection of a resource type, e.g. `collection('product-selection')`. */
  collection<T extends StoredResource = StoredResource>(typeId: string): Collection<T> {
    let collection = this.collections.get(typeId);
    if (!collection) {
      collection = new Collection(typeId, this.journal);
      this.collections.set(typeId, collection);
    }
    return collection as unknown as Collection<T>;
  }

  /** Resolves a reference for expansion; undefined when dangling. */
  resolve(typeId: string, id: string): StoredResource | undefined {
    return this.collections.get(typeId)?.get(id);
  }

  onChange(listener: ChangeListener): () => void {
    this.changeListeners.push(listener);
    return () => {
      const at = this.changeListeners.indexOf(listener);
      if (at >= 0) this.changeListeners.splice(at, 1);
    };
  }

  emitChange(event: ChangeEvent): void {
    for (const listener of this.changeListeners) listener(event);
  }
}
