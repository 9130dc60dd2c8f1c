/**
 * Test-data builders: a fluent, seeded builder per object schema of the Commerce schema, their GraphQL
 * forms, and a helper that seeds a realistic catalogue through the HTTP API.
 */
export * from '../generated/builders.js';
export {
  defineBuilder,
  resetBuilderSequence,
  type Builder,
  type BuilderFactory,
  type BuilderKind,
  type BuilderOptions,
  type GraphqlFormOf,
  type ReservedBuilderName,
} from './builder.js';
export {
  toGraphqlInput,
  toGraphqlOutput,
  localizedItems,
  type GraphqlCustomFields,
  type GraphqlInput,
  type GraphqlOutput,
  type GraphqlReference,
  type LocalizedStringItem,
  type SchemaName,
  type Schemas,
} from './graphql.js';
export { createRandom, type Random } from './random.js';
export {
  seedCatalogue,
  deleteCatalogue,
  type SeedCatalogueOptions,
  type SeededCatalogue,
  type SeededCategory,
  type SeededChannel,
  type SeededCustomerGroup,
  type SeededMarket,
  type SeededProduct,
  type SeededProductType,
  type SeededSelection,
  type SeededShippingMethod,
  type SeededStore,
  type SeededTaxCategory,
  type SeededType,
  type SeededZone,
} from './seed-catalogue.js';
