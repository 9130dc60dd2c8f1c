import type { components } from '../../../generated/commerce.js';

/** The component schemas of the Commerce schema (`schemas/openapi/commerce/`), by name: the shapes every handler is typed with. */
export type Schemas = components['schemas'];
