import type { Api } from '../helpers/api.js';
import { ok, type Json } from './helpers.js';

/** Every Payment and Message: what a refused payment request must leave as it was. */
export async function paymentSnapshot(api: Api): Promise<unknown> {
  const all = async (path: string) => ok(await api.call('GET', `${path}?limit=500&sort=id%20asc`)).results as Json[];
  return { payments: await all('/payments'), messages: await all('/messages') };
}
