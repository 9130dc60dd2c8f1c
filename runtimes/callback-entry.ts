/**
 * The in-store callback endpoint as an edge function ships it: `createCallbackHandler` of
 * core-auth registered as the runtime's `fetch` handler, as edge scripts do. The Callback API Key
 * is not in the bundle: the runtime hands it in as `globalThis.CALLBACK_CONFIG` (an edge platform's
 * environment), read once when the script loads. Like `entry.ts` it exports nothing, so the bundle
 * holds no `import` or `export` statement and EdgeVM evaluates it as a script.
 *
 * For the test to look inside: `globalThis.callbackRequests` lists every request the handler got
 * (method and the URL it saw), `globalThis.callbackResolved` every resolver call.
 */
import { createCallbackHandler } from '@commerce-kit/core-auth';

/** What the runtime puts on `globalThis.CALLBACK_CONFIG`. */
interface CallbackConfig {
  /** The Callback API Key registered in the in-store console. */
  apiKey: string;
  /** The handler's `allowInsecureLoopback`: plain `http:` to a loopback host (local runs only). */
  allowInsecureLoopback?: boolean;
}

/** The one payment cart this endpoint knows. */
const KNOWN_CART = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  type: 'payment',
  lineItems: 2,
  totalPrice: { currencyCode: 'EUR', centAmount: 4990 },
} as const;

interface FetchEventLike extends Event {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

const scope = globalThis as unknown as {
  CALLBACK_CONFIG?: CallbackConfig;
  callbackRequests?: { method: string; url: string }[];
  callbackResolved?: string[];
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
};

const config = scope.CALLBACK_CONFIG;
if (config === undefined) throw new Error('the runtime sets no CALLBACK_CONFIG');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const USER_KEY = /^user-[a-z0-9]{1,32}$/;
const requests: { method: string; url: string }[] = (scope.callbackRequests = []);
const resolved: string[] = (scope.callbackResolved = []);

const handle = createCallbackHandler({
  apiKey: config.apiKey,
  basePath: '/in-store/callback',
  allowInsecureLoopback: config.allowInsecureLoopback === true,
  // Cart ids are UUIDs, user keys `user-…`; anything else is neither (404, no resolver asked).
  classify: (segment) => (UUID.test(segment) ? 'cart' : USER_KEY.test(segment) ? 'user' : undefined),
  resolveUserToken: (userKey) => {
    resolved.push(`user:${userKey}`);
    return { userKey, token: `edge-user-token-for-${userKey}`, tokenType: 'Bearer' };
  },
  resolveCart: async (cartId) => {
    resolved.push(`cart:${cartId}`);
    return cartId === KNOWN_CART.id ? KNOWN_CART : undefined;
  },
});

scope.addEventListener('fetch', (event) => {
  requests.push({ method: event.request.method, url: event.request.url });
  event.respondWith(handle(event.request));
});
