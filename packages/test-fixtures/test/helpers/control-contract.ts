import { createResponseContract } from '../../src/contract/response-contract.js';
import { CONTROL_PREFIX } from '../../src/emulator/control/prefix.js';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * `send`, with every answer of an operation of schemas/openapi/emulator-control.yaml checked
 * against it before the caller sees it (a ContractViolation rejects the call), so the control API
 * and its schema cannot drift apart. Answers to paths the schema does not name pass unchecked.
 */
export function controlContractFetch(send: Fetch, origin: string): Fetch {
  const contract = createResponseContract('emulator-control', `${origin.replace(/\/+$/, '')}${CONTROL_PREFIX}`);
  return async (input, init) => {
    const res = await send(input, init);
    const method = init?.method ?? 'GET';
    if (contract.operationOf(method, input) !== undefined) {
      const text = await res.clone().text();
      contract.check(method, input, res.status, text === '' ? undefined : (JSON.parse(text) as unknown));
    }
    return res;
  };
}
