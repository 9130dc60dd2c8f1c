/**
 * A `fetch` that checks every answer of the API, authorization and Change History services
 * against their schemas before the caller sees it, so any client (rest-client takes a `fetch`
 * option) can run its own tests as contract tests, against the emulator or a live project.
 */
import { ContractViolation, createResponseContract, type ContractName, type ResponseContract } from './response-contract.js';
import { resolveTarget, type FetchLike, type TargetLike } from './target.js';

/** One checked answer. */
export interface CheckRecord {
  service: ContractName;
  /** The operationId of the schema. */
  operation: string;
  method: string;
  /** The URL without its query. */
  url: string;
  status: number;
}

/** Options of {@link checkedFetch}. */
export interface CheckedFetchOptions {
  /**
   * What to do with a request under a service's base URL that matches no operation of its schema:
   * `throw` (default; a client calling an endpoint the schema lacks is a contract problem) or `pass`.
   */
  unknownOperations?: 'throw' | 'pass';
  /** Called after each successful check. */
  onCheck?: (record: CheckRecord) => void;
}

/** A checking `fetch`, with the answers it has checked so far. */
export type CheckedFetch = FetchLike & {
  /** Every answer checked so far, in order. */
  readonly checks: readonly CheckRecord[];
};

interface Service {
  name: ContractName;
  base: string;
  contract: ResponseContract;
}

const under = (url: string, base: string) => url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`);

/**
 * Wraps the target's transport: requests go through unchanged; each answer from
 * `<authUrl>`, `<historyUrl>/<projectKey>` or `<apiUrl>/<projectKey>` is read (from a clone, so the
 * caller can still read the body) and checked against auth.yaml, history.yaml or the Commerce schema.
 * A mismatch rejects the call with a {@link ContractViolation} naming the operation, the status,
 * the field and the expected type. Requests to other URLs are passed through unchecked.
 *
 * @throws {ContractViolation} (as a rejection) when an answer departs from the schema
 * @example
 * const target = createContractTarget();
 * const client = createRestClient({ baseUrl: `${target.apiUrl}/${target.projectKey}`, fetch: checkedFetch(target), ... });
 */
export function checkedFetch(target: TargetLike, options: CheckedFetchOptions = {}): CheckedFetch {
  const resolved = resolveTarget(target);
  const services: Service[] = [
    { name: 'auth' as const, base: resolved.authUrl },
    { name: 'commerce' as const, base: `${resolved.apiUrl}/${resolved.projectKey}` },
    ...(resolved.historyUrl !== undefined ? [{ name: 'history' as const, base: `${resolved.historyUrl}/${resolved.projectKey}` }] : []),
  ]
    .map((service) => ({ ...service, contract: createResponseContract(service.name, service.base) }))
    // The most specific base first: the emulator serves `/auth` and `/history` under the API origin.
    .sort((a, b) => b.base.length - a.base.length);
  const checks: CheckRecord[] = [];
  const inner = resolved.fetch;

  const fetchChecked = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const response = await inner(input, init);
    const bare = url.split('?')[0]!;
    const service = services.find((candidate) => under(bare, candidate.base));
    if (!service) return response;
    const operation = service.contract.operationOf(method, url);
    if (operation === undefined) {
      if (options.unknownOperations === 'pass') return response;
      throw new Error(`${method} ${bare}: no operation of the ${service.name} schema matches this request`);
    }
    const text = method === 'HEAD' ? '' : await response.clone().text();
    let body: unknown;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        const contentType = response.headers.get('content-type') ?? 'none';
        throw new ContractViolation(
          operation,
          response.status,
          [{ path: '', message: 'is not JSON', keyword: 'contentType', params: { contentType } }],
          {
            field: '',
            message: `is not JSON (content type ${contentType})`,
            expectedType: 'a JSON document',
            ...(service.contract.endpointOf(method, url) !== undefined ? { endpoint: service.contract.endpointOf(method, url)! } : {}),
            url: bare,
          },
        );
      }
    }
    service.contract.check(method, url, response.status, body);
    const record: CheckRecord = { service: service.name, operation, method, url: bare, status: response.status };
    checks.push(record);
    options.onCheck?.(record);
    return response;
  };
  return Object.assign(fetchChecked, { checks });
}
