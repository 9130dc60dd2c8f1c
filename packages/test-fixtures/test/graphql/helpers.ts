import { expect } from 'vitest';
import type { Api, ApiAnswer } from '../helpers/api.js';

/** A GraphQL error as the emulator writes it. */
export interface GqlError {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: { code?: string; reason?: string; [extra: string]: unknown };
  /** Present on a 400: the REST error object's code. */
  code?: string;
}

export interface GqlBody<T> {
  data?: T | null;
  errors?: GqlError[];
  statusCode?: number;
}

/**
 * `POST /{projectKey}/graphql` through the contract-checked caller of the test helpers: every
 * answer is checked against the GraphQLResponse (200) or ErrorResponse (4xx) schema.
 */
export function gql<T = Record<string, unknown>>(
  api: Api,
  query: string,
  variables?: Record<string, unknown>,
  token?: string,
): Promise<ApiAnswer<GqlBody<T>>> {
  const call = token === undefined ? api.call : api.as(token);
  return call<GqlBody<T>>('POST', '/graphql', { query, ...(variables ? { variables } : {}) });
}

/** The data of an answer that must have succeeded completely. */
export async function data<T = Record<string, unknown>>(answer: Promise<ApiAnswer<GqlBody<T>>>): Promise<T> {
  const { status, body } = await answer;
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(status).toBe(200);
  return body.data as T;
}

/** The errors of an answer that must have failed (field errors with 200, or a 400). */
export async function failure<T = Record<string, unknown>>(
  answer: Promise<ApiAnswer<GqlBody<T>>>,
): Promise<{ status: number; body: GqlBody<T>; error: GqlError }> {
  const { status, body } = await answer;
  const error = body.errors?.[0];
  if (!error) throw new Error(`expected errors, got ${status}: ${JSON.stringify(body)}`);
  return { status, body, error };
}

/** Timestamps are ISO 8601 UTC with milliseconds. */
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A product type and published Products `inside`, `outside` and an unpublished `draft`, over REST. */
export async function seedProducts(api: Api): Promise<Record<'inside' | 'outside' | 'draft', { id: string }>> {
  const type = await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' });
  expect(type.status).toBe(201);
  const product = async (key: string, publish: boolean) => {
    const res = await api.call<{ id: string }>('POST', '/products', {
      key,
      productType: { typeId: 'product-type', key: 'shirt' },
      name: { en: `Shirt ${key}`, de: `Hemd ${key}` },
      slug: { en: `shirt-${key}` },
      masterVariant: { sku: `sku-${key}`, key: `variant-${key}` },
      publish,
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  return { inside: await product('inside', true), outside: await product('outside', true), draft: await product('draft', false) };
}
