import type { Schemas } from '../kit/resource-type.js';

/** A Cart as stored and answered, and its parts: the shapes of the Commerce schema (carts.yaml). */
export type Cart = Schemas['Cart'];
export type LineItem = Schemas['LineItem'];
export type CustomLineItem = Schemas['CustomLineItem'];
export type CartDraft = Schemas['CartDraft'];
export type LineItemDraft = Schemas['LineItemDraft'];
export type CustomLineItemDraft = Schemas['CustomLineItemDraft'];
export type CartUpdateAction = Schemas['CartUpdateAction'];
export type ExternalTaxRateDraft = Schemas['ExternalTaxRateDraft'];
