// TypeDoc options of this package. The generated types write repeated object types once, as
// module-local `Shared…` aliases (tools/generate/hoist-type-literals.ts): they are listed here as intentionally not
// exported, read from the generated file so that the list follows the schema.
import { readFileSync } from 'node:fs';
import { URL } from 'node:url';

const generated = readFileSync(new URL('./src/generated/commerce.ts', import.meta.url), 'utf8');
// These belong only to operations the entry points do not reach, so TypeDoc never meets them.
const unreached = new Set(['SharedStatus200', 'SharedResponsesV4', 'SharedResponsesV19']);
const sharedAliases = [...generated.matchAll(/^type (Shared\w*)\b/gm)].map((match) => match[1]).filter((name) => !unreached.has(name));

/** @type {Partial<import('typedoc').TypeDocOptions>} */
export default {
  entryPoints: ['src/index.ts', 'src/openapi-fetch.ts'],
  intentionallyNotExported: [
    'CallBody',
    'CallNone',
    'CallParams',
    'CallParamsBody',
    'ContentOf',
    'Media',
    'OkResponse',
    'OptionsArg',
    'PathParamsOption',
    'Reserved',
    'ResultsOf',
    'Schemas',
    'WithContext',
    ...sharedAliases,
  ],
};
