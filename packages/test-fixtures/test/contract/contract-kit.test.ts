import { ConfigurationError } from '@commerce-kit/core-auth';
import { describe, expect, it } from 'vitest';
import { productSelection, storeProductSelectionsChangedMessage } from '../../src/builders/index.js';
import { checkedFetch } from '../../src/contract/checked-fetch.js';
import { contractEnvironment, createContractTarget } from '../../src/contract/contract-target.js';
import { ContractViolation, createResponseContract } from '../../src/contract/response-contract.js';
import type { FetchLike } from '../../src/contract/target.js';

const BASE = 'https://api.europe-west1.gcp.commercetools.com/my-project';
const contract = createResponseContract('commerce', BASE);

function violation(method: string, path: string, status: number, body: unknown): ContractViolation {
  try {
    contract.check(method, `${BASE}${path}`, status, body);
  } catch (error) {
    if (error instanceof ContractViolation) return error;
    throw error;
  }
  throw new Error('expected a ContractViolation');
}

describe('ContractViolation names the operation, the field and the expected type', () => {
  it('a member of the wrong type', () => {
    const body = { ...productSelection({ seed: 1 }).build(), name: { en: 5 } };
    const error = violation('GET', '/product-selections/abc', 200, body);
    expect(error.message).toBe(
      'getProductSelectionById → 200: /name/en must be string (expected type string) at GET /product-selections/{ID}',
    );
    expect(error).toMatchObject({
      operation: 'getProductSelectionById',
      status: 200,
      field: '/name/en',
      expectedType: 'string',
      endpoint: 'GET /product-selections/{ID}',
    });
    expect(error.url).toBe(`${BASE}/product-selections/abc`);
  });

  it('a missing member, with the type it should have', () => {
    const { productCount: _dropped, ...body } = productSelection({ seed: 1 }).build();
    expect(violation('GET', '/product-selections/key=summer', 200, body).message).toBe(
      'getProductSelectionByKey → 200: /productCount is missing (expected type integer, minimum 0) at GET /product-selections/key={key}',
    );
    const { name: _name, ...nameless } = productSelection({ seed: 1 }).build();
    expect(violation('GET', '/product-selections/abc', 200, nameless).expectedType).toBe('LocalizedString (object)');
  });

  it('a constant or an enum', () => {
    const body = { ...productSelection({ seed: 1 }).build(), mode: 'Manual' };
    const error = violation('GET', '/product-selections/abc', 200, body);
    expect(error.field).toBe('/mode');
    expect(error.expectedType).toBe('"Individual" | "IndividualExclusion"');
  });

  it('inside the alternative a discriminator names (a Message by type)', () => {
    const message = storeProductSelectionsChangedMessage({ seed: 1 }).build();
    const body = {
      ...message,
      addedProductSelections: [{ productSelection: { typeId: 'product-selection', id: 'ps' }, active: 'yes' }],
    };
    const error = violation('GET', '/messages/m-1', 200, body);
    expect(error.message).toBe(
      'getMessageById → 200: /addedProductSelections/0/active must be boolean (expected type boolean) at GET /messages/{ID}',
    );
  });

  it('an unknown discriminator value, with the known ones', () => {
    const body = { ...storeProductSelectionsChangedMessage({ seed: 1 }).build(), type: 'StoreRenamed' };
    const error = violation('GET', '/messages/m-1', 200, body);
    expect(error.field).toBe('/type');
    expect(error.message).toContain('is "StoreRenamed", which names no alternative');
    expect(error.expectedType).toContain('"StoreProductSelectionsChanged"');
  });

  it('inside an error body', () => {
    const body = { statusCode: 409, message: 'conflict', errors: [{ code: 'ConcurrentModification', message: 'conflict' }] };
    const error = violation('POST', '/product-selections/abc', 409, body);
    expect(error.message).toBe(
      'updateProductSelectionById → 409: /errors/0/currentVersion is missing (expected type Version (integer, format int64, minimum 1)) at POST /product-selections/{ID}',
    );
  });

  it('keeps the old constructor working', () => {
    const error = new ContractViolation('op', 200, [
      { path: '/a', message: 'must be string', keyword: 'type', params: { type: 'string' } },
    ]);
    expect(error.message).toBe('op → 200: /a must be string (expected type string)');
    expect(error.name).toBe('ContractViolation');
  });
});

describe('contractEnvironment', () => {
  it('is the emulator when the environment names no target', () => {
    expect(contractEnvironment({})).toEqual({ kind: 'emulator' });
    expect(contractEnvironment({ COMMERCE_CONTRACT_MODE: 'cleanup', PATH: '/bin' })).toEqual({ kind: 'emulator' });
  });

  it('takes the hosts of a region from core-auth, read-only by default', () => {
    const environment = contractEnvironment({
      COMMERCE_REGION: 'europe-west1.gcp',
      COMMERCE_PROJECT_KEY: 'my-shop',
      COMMERCE_CLIENT_ID: 'id',
      COMMERCE_CLIENT_SECRET: 'top-secret',
    });
    expect(environment).toMatchObject({
      kind: 'live',
      region: 'europe-west1.gcp',
      apiUrl: 'https://api.europe-west1.gcp.commercetools.com',
      authUrl: 'https://auth.europe-west1.gcp.commercetools.com',
      historyUrl: 'https://history.europe-west1.gcp.commercetools.com',
      projectKey: 'my-shop',
      mode: 'read-only',
    });
  });

  it('lets explicit URLs win and derives the history host from the API host', () => {
    const environment = contractEnvironment({
      COMMERCE_API_URL: 'https://api.us-east-2.aws.commercetools.com/',
      COMMERCE_AUTH_URL: 'https://auth.us-east-2.aws.commercetools.com',
      COMMERCE_PROJECT_KEY: 'p',
      COMMERCE_CLIENT_ID: 'id',
      COMMERCE_CLIENT_SECRET: 'secret',
      COMMERCE_CONTRACT_MODE: 'cleanup',
      COMMERCE_SCOPE: 'view_products:p',
    });
    expect(environment).toMatchObject({
      apiUrl: 'https://api.us-east-2.aws.commercetools.com',
      historyUrl: 'https://history.us-east-2.aws.commercetools.com',
      mode: 'cleanup',
      scope: 'view_products:p',
    });
  });

  it('names what is missing, never a value', () => {
    const attempt = () => contractEnvironment({ COMMERCE_REGION: 'europe-west1.gcp', COMMERCE_CLIENT_SECRET: 'top-secret' });
    expect(attempt).toThrow(ConfigurationError);
    expect(attempt).toThrow('COMMERCE_PROJECT_KEY, COMMERCE_CLIENT_ID');
    try {
      attempt();
    } catch (error) {
      expect(JSON.stringify(error) + String(error)).not.toContain('top-secret');
      expect((error as ConfigurationError).code).toBe('MISSING_CREDENTIALS');
    }
  });

  it('refuses an unknown region, an unknown mode and plain http to a public host', () => {
    const live = { COMMERCE_PROJECT_KEY: 'p', COMMERCE_CLIENT_ID: 'id', COMMERCE_CLIENT_SECRET: 's' };
    expect(() => contractEnvironment({ ...live, COMMERCE_REGION: 'mars-1.gcp' })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_REGION' }),
    );
    expect(() => contractEnvironment({ ...live, COMMERCE_REGION: 'us-central1.gcp', COMMERCE_CONTRACT_MODE: 'yolo' })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
    expect(() =>
      contractEnvironment({ ...live, COMMERCE_API_URL: 'http://api.example.com', COMMERCE_AUTH_URL: 'https://auth.example.com' }),
    ).toThrow(expect.objectContaining({ code: 'INSECURE_URL' }));
  });
});

describe('createContractTarget', () => {
  it('starts an in-process emulator without an environment, writable', () => {
    const target = createContractTarget({ env: {} });
    expect(target).toMatchObject({
      kind: 'emulator',
      mode: 'emulator',
      writable: true,
      projectKey: 'contract-project',
      apiUrl: 'http://127.0.0.1',
    });
    expect(target.emulator).toBeDefined();
    expect(target.describe()).toBe('the in-process emulator (project contract-project)');
  });

  it('targets a live project read-only by default, and never shows the secret', () => {
    const target = createContractTarget({
      env: {
        COMMERCE_REGION: 'eu-central-1.aws',
        COMMERCE_PROJECT_KEY: 'shop',
        COMMERCE_CLIENT_ID: 'id',
        COMMERCE_CLIENT_SECRET: 'top-secret',
      },
    });
    expect(target).toMatchObject({
      kind: 'live',
      mode: 'read-only',
      writable: false,
      apiUrl: 'https://api.eu-central-1.aws.commercetools.com',
    });
    expect(target.clientSecret).toBe('top-secret');
    expect(JSON.stringify(target)).not.toContain('top-secret');
    expect(Object.keys(target)).not.toContain('clientSecret');
    expect(target.describe()).toBe('live project shop at https://api.eu-central-1.aws.commercetools.com (read-only)');
  });
});

describe('checkedFetch', () => {
  const target = (fake: FetchLike) => ({
    fetch: fake,
    apiUrl: 'https://api.example.com',
    authUrl: 'https://auth.example.com',
    historyUrl: 'https://history.example.com',
    projectKey: 'p',
    clientId: 'c',
    clientSecret: 's',
  });
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('passes a valid answer through, still readable, and records the check', async () => {
    const valid = productSelection({ seed: 1 }).build();
    const fetch = checkedFetch(target(async () => json(valid)));
    const response = await fetch('https://api.example.com/p/product-selections/abc?expand=x');
    expect(await response.json()).toEqual(valid);
    expect(fetch.checks).toEqual([
      {
        service: 'commerce',
        operation: 'getProductSelectionById',
        method: 'GET',
        url: 'https://api.example.com/p/product-selections/abc',
        status: 200,
      },
    ]);
  });

  it('rejects with a ContractViolation when the answer departs from the schema', async () => {
    const fetch = checkedFetch(target(async () => json({ ...productSelection({ seed: 1 }).build(), version: 'one' })));
    await expect(fetch('https://api.example.com/p/product-selections/abc')).rejects.toThrow(
      'getProductSelectionById → 200: /version must be integer (expected type Version (integer, format int64, minimum 1))',
    );
  });

  it('checks each service against its own schema, by Request objects too', async () => {
    const fetch = checkedFetch(
      target(async (input) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.startsWith('https://auth.')) return json({ access_token: 'a', expires_in: 1, scope: 's', token_type: 'Bearer' });
        return json({ limit: 20, offset: 0, count: 0, results: [] });
      }),
    );
    await fetch(new Request('https://auth.example.com/oauth/token', { method: 'POST', body: 'grant_type=client_credentials' }));
    await fetch('https://history.example.com/p/product-selections');
    expect(fetch.checks.map((check) => [check.service, check.operation])).toEqual([
      ['auth', 'requestToken'],
      ['history', 'queryRecordsByType'],
    ]);
  });

  it('rejects a body that is not JSON', async () => {
    const fetch = checkedFetch(target(async () => new Response('<html>', { status: 502, headers: { 'content-type': 'text/html' } })));
    await expect(fetch('https://api.example.com/p/stores')).rejects.toThrow(ContractViolation);
  });

  it('leaves other hosts alone; an endpoint missing from the schema fails unless told to pass', async () => {
    const fake: FetchLike = async () => json({ anything: true });
    await expect(checkedFetch(target(fake))('https://cdn.example.com/p/image.png')).resolves.toBeInstanceOf(Response);
    await expect(checkedFetch(target(fake))('https://api.example.com/p/quotes')).rejects.toThrow('no operation of the commerce schema');
    await expect(checkedFetch(target(fake), { unknownOperations: 'pass' })('https://api.example.com/p/quotes')).resolves.toBeInstanceOf(
      Response,
    );
  });
});
