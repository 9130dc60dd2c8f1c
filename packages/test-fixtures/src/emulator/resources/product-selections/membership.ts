import type { ChangeJournal } from '../../storage/journal.js';
import type { Schemas } from '../kit/schemas.js';

/** Which variants of a Product an `Individual` selection holds, by SKU. */
export type VariantSelection = Schemas['ProductVariantSelection'];

/** Which variants of a Product an `IndividualExclusion` selection excludes, by SKU. */
export type VariantExclusion = Schemas['ProductVariantExclusion'];

/**
 * A Product's assignment to a Product Selection: when it joined, and which of its variants count
 * (`variantSelection` in an `Individual` selection, `variantExclusion` in an `IndividualExclusion`
 * one; absent: every variant). The selection's side of an AssignedProductSelection.
 */
export type Membership = Omit<Schemas['AssignedProductSelection'], 'productSelection'>;

/** One membership as an emulator snapshot holds it. */
export interface MembershipSnapshot extends Membership {
  selectionId: string;
  productId: string;
}

/**
 * Which Products are in which Product Selections, indexed both ways, so that "products of a
 * selection", "selections of a product" and the in-store availability rule are lookups, not scans.
 * One instance per project, owned by its state.
 */
export class SelectionMembership {
  private readonly productsBySelection = new Map<string, Map<string, Membership>>();
  private readonly selectionsByProduct = new Map<string, Map<string, Membership>>();
  /** When each membership joined, counted: both indexes list memberships in this order. */
  private readonly joined = new WeakMap<Membership, number>();
  private joins = 0;

  /** `journal`: told of every membership added, changed or removed (durable mode); none in memory mode. */
  constructor(private readonly journal?: ChangeJournal) {}

  has(selectionId: string, productId: string): boolean {
    return this.productsBySelection.get(selectionId)?.has(productId) ?? false;
  }

  /** The assignment of a Product to a selection, if any. */
  get(selectionId: string, productId: string): Membership | undefined {
    return this.productsBySelection.get(selectionId)?.get(productId);
  }

  /** Adds or replaces an assignment (a copy of `assignment` is kept). */
  add(selectionId: string, productId: string, assignment: Membership): void {
    const membership = structuredClone(assignment);
    let products = this.productsBySelection.get(selectionId);
    if (!products) this.productsBySelection.set(selectionId, (products = new Map()));
    // Added again while in: it keeps its place in both indexes, so it keeps its count.
    const previous = products.get(productId);
    this.joined.set(membership, previous ? this.joined.get(previous)! : this.joins++);
    products.set(productId, membership);
    let selections = this.selectionsByProduct.get(productId);
    if (!selections) this.selectionsByProduct.set(productId, (selections = new Map()));
    selections.set(selectionId, membership);
    this.journal?.membership(selectionId, productId, previous === undefined);
  }

  remove(selectionId: string, productId: string): void {
    this.productsBySelection.get(selectionId)?.delete(productId);
    this.selectionsByProduct.get(productId)?.delete(selectionId);
    this.journal?.membership(selectionId, productId, false);
  }

  /** Product ids of a selection, in the order they were added. */
  productsOf(selectionId: string): ReadonlyMap<string, Membership> {
    return this.productsBySelection.get(selectionId) ?? new Map();
  }

  /** Selection ids holding a product. */
  selectionsOf(productId: string): ReadonlyMap<string, Membership> {
    return this.selectionsByProduct.get(productId) ?? new Map();
  }

  /**
   * Every membership, in the order they joined, for an emulator snapshot: adding them again in
   * this order rebuilds both indexes in their order.
   */
  toSnapshot(): MembershipSnapshot[] {
    const all: { entry: MembershipSnapshot; joined: number }[] = [];
    for (const [selectionId, products] of this.productsBySelection) {
      for (const [productId, membership] of products)
        all.push({ entry: { selectionId, productId, ...structuredClone(membership) }, joined: this.joined.get(membership)! });
    }
    return all.sort((a, b) => a.joined - b.joined).map((m) => m.entry);
  }

  /** Adds a snapshot's memberships after {@link clear} emptied the index (the caller has checked it holds no pair twice). */
  restoreFrom(memberships: readonly MembershipSnapshot[]): void {
    for (const { selectionId, productId, ...assignment } of memberships) this.add(selectionId, productId, assignment);
  }

  /** Forgets every membership (an emulator reset: the selections and products are gone too). */
  clear(): void {
    this.productsBySelection.clear();
    this.selectionsByProduct.clear();
  }

  dropSelection(selectionId: string): void {
    for (const productId of this.productsOf(selectionId).keys()) {
      this.selectionsByProduct.get(productId)?.delete(selectionId);
      this.journal?.membership(selectionId, productId, false);
    }
    this.productsBySelection.delete(selectionId);
  }

  dropProduct(productId: string): void {
    for (const selectionId of this.selectionsOf(productId).keys()) {
      this.productsBySelection.get(selectionId)?.delete(productId);
      this.journal?.membership(selectionId, productId, false);
    }
    this.selectionsByProduct.delete(productId);
  }
}

/** The membership index of a project (its state owns it). */
export function membershipOf(state: { readonly membership: SelectionMembership }): SelectionMembership {
  return state.membership;
}

/** The `variantSelection` / `variantExclusion` members of an assignment, copied, as the answers show them. */
export function variantsOfAssignment(assignment: Membership): Pick<Membership, 'variantSelection' | 'variantExclusion'> {
  return {
    ...(assignment.variantSelection ? { variantSelection: structuredClone(assignment.variantSelection) } : {}),
    ...(assignment.variantExclusion ? { variantExclusion: structuredClone(assignment.variantExclusion) } : {}),
  };
}
