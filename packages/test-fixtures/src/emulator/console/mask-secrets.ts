/**
 * Masks what the request log must never show: credentials in headers, and secrets, passwords and
 * tokens in paths, query strings and bodies (JSON, forms, and any other text).
 */

/** What a masked value is replaced with. */
export const MASK = '***';

/** Headers that carry credentials. `Authorization` keeps its scheme (`Basic ***`, `Bearer ***`). */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/**
 * A field that holds a credential: a client's `secret`/`client_secret`, a `password`/`newPassword`,
 * a token (`access_token`, `refresh_token`, `tokenValue`, `token`), an `authorization`; not a field
 * that only tells about one (`accessTokenValiditySeconds`).
 */
const SECRET_KEY = /secret|passw(or)?d|(^|[_-])token($|[_-])|token(value)?$|^authorization$/i;

/** True for a field name whose value is a credential. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * `name: "value"`, `"name":"value"` or `name=value` of a secret field inside free text (a GraphQL
 * query with an inline password, a body that is no JSON).
 */
const SECRET_IN_TEXT =
  /((?:"|\b)[\w-]*(?:secret|passw(?:or)?d|token)[\w-]*"?\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s&,;})\]]+)/gi;

/**
 * Free text with the value of every secret-looking `name: value` pair masked.
 *
 * @example
 * maskText('mutation { customerSignUp(draft: { email: "a@b.c", password: "hunter2" }) { ... } }');
 * // 'mutation { customerSignUp(draft: { email: "a@b.c", password: "***" }) { ... } }'
 */
export function maskText(text: string): string {
  return text.replace(SECRET_IN_TEXT, (_, name: string) => `${name}"${MASK}"`);
}

/**
 * A customer's password or email token (`{ id, customerId, value, expiresAt }`): `value` is the
 * token itself, under a name that tells nothing.
 */
function isCustomerToken(value: Record<string, unknown>): boolean {
  return typeof value['value'] === 'string' && 'customerId' in value && 'expiresAt' in value;
}

/** A JSON value with every secret field masked and every string scanned as free text. */
export function maskJson(value: unknown): unknown {
  if (typeof value === 'string') return maskText(value);
  if (Array.isArray(value)) return value.map(maskJson);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const tokenResource = isCustomerToken(record);
  return Object.fromEntries(
    Object.entries(record).map(([key, field]) => [
      key,
      (isSecretKey(key) || (tokenResource && key === 'value')) && field !== null && typeof field !== 'object' ? MASK : maskJson(field),
    ]),
  );
}

/** Form or query parameters with every secret one masked (`client_secret`, `password`, `refresh_token`, ...). */
export function maskParams(params: URLSearchParams): URLSearchParams {
  const masked = new URLSearchParams();
  for (const [key, value] of params) masked.append(key, isSecretKey(key) ? MASK : maskText(value));
  return masked;
}

/**
 * A query string (with or without its `?`), masked; '' stays ''.
 *
 * @example
 * maskQuery('?grant_type=password&password=hunter2'); // '?grant_type=password&password=***'
 */
export function maskQuery(search: string): string {
  if (search === '' || search === '?') return '';
  return `?${maskParams(new URLSearchParams(search)).toString()}`;
}

/** A path segment that names a resource by a token (`password-token=<value>`, `email-token=<value>`). */
const TOKEN_IN_PATH = /(^|\/)([\w-]*token=)[^/]*/gi;

/**
 * A URL path with the value of every token segment masked.
 *
 * @example
 * maskPath('/p/customers/password-token=abc'); // '/p/customers/password-token=***'
 */
export function maskPath(path: string): string {
  return path.replace(TOKEN_IN_PATH, `$1$2${MASK}`);
}

/**
 * Headers as a plain object (names in lower case), credentials masked.
 *
 * @example
 * maskHeaders(new Headers({ authorization: 'Bearer abc' })); // { authorization: 'Bearer ***' }
 */
export function maskHeaders(headers: Headers): Record<string, string> {
  const masked: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!SECRET_HEADERS.has(name)) masked[name] = name === 'www-authenticate' ? value : maskText(value);
    else if (name === 'authorization' || name === 'proxy-authorization') {
      const scheme = /^\s*(\S+)\s+\S/.exec(value)?.[1];
      masked[name] = scheme === undefined ? MASK : `${scheme} ${MASK}`;
    } else masked[name] = MASK;
  });
  return masked;
}

/**
 * A body as text, masked according to its content type: JSON field by field (pretty-printed),
 * forms parameter by parameter, anything else as free text.
 */
export function maskBody(text: string, contentType: string | null): string {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    return maskParams(new URLSearchParams(text)).toString();
  }
  if (type === 'application/json' || type.endsWith('+json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.stringify(maskJson(JSON.parse(text)), null, 2);
    } catch {
      // Not JSON after all: masked as text below.
    }
  }
  return maskText(text);
}
