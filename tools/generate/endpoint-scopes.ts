import { COMMERCE_OPENAPI, readSchema } from './bundle.js';
import { at, header, write } from './output.js';

/**
 * The scopes each REST endpoint needs, read from the `security` requirements of the Commerce schema
 * (each requirement is one acceptable alternative), for core-auth's `scopesFor()`.
 */
export async function generateEndpointScopes(): Promise<void> {
  const source = COMMERCE_OPENAPI;
  const document = readSchema<{
    paths: Record<string, Record<string, { security?: Record<string, string[]>[]; 'x-store-scoped'?: boolean }>>;
  }>(source);
  const entries: string[] = [];
  const endpoints: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const alternatives = (operation.security ?? []).map((requirement) => Object.values(requirement).flat());
      const storeScoped = operation['x-store-scoped'] === true;
      const endpoint = JSON.stringify(`${method.toUpperCase()} ${path}`);
      endpoints.push(endpoint);
      entries.push(`  ${endpoint}: { anyOf: ${JSON.stringify(alternatives)}, storeScoped: ${storeScoped} },`);
    }
  }
  // The endpoints as a written-out union and the table typed by it, rather than the table's
  // \`as const\` type: the declaration file a consumer loads stays a few lines (the literal types of
  // every scope list are of no use to a caller of scopesFor/allowsEndpoint).
  const content = `${header(source)}
/** A REST endpoint as the schema names it (\`METHOD /path\`), e.g. \`'GET /product-selections/{ID}'\`. */
export type GeneratedEndpoint = ${endpoints.join(' | ')};

/** The scope alternatives of one endpoint: any one entry of \`anyOf\` (all of its scopes) suffices. \`storeScoped\`: the store-restricted \`<scope>:<project>:<store>\` forms are accepted too. */
export interface EndpointScopes {
  readonly anyOf: readonly (readonly string[])[];
  readonly storeScoped: boolean;
}

/** For each REST endpoint (\`METHOD /path\` as in the schema), the scope alternatives that allow it. */
export const endpointScopes: Readonly<Record<GeneratedEndpoint, EndpointScopes>> = {
${entries.join('\n')}
};
`;
  await write(at('packages/core-auth/src/generated/endpoint-scopes.ts'), content, 'typescript');
}
