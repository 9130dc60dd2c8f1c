/**
 * One generic, Proxy-based fluent builder for every component schema of the Commerce schema: a setter
 * per member (typed from the generated types), `build()` for the REST value and `buildGraphql()`
 * for its GraphQL form. The factories themselves are generated (src/generated/builders.ts).
 */
import { toGraphqlInput, toGraphqlOutput, type GraphqlInput, type GraphqlOutput, type SchemaName, type Schemas } from './graphql.js';
import { createRandom, mixSeed } from './random.js';
import { componentSchema, objectView } from './schema.js';
import { allowedProperties, settleAlternative, synthesize } from './synthesize.js';

/** Names a builder keeps for itself; no member of the Commerce schema uses them (checked by the generator). */
export type ReservedBuilderName = 'build' | 'buildGraphql' | 'with';

/** What a builder is for: drafts and update actions have a GraphQL input form, the rest an output form. */
export type BuilderKind = 'draft' | 'resource' | 'action' | 'update' | 'other';

type KeysOf<T> = T extends unknown ? keyof T : never;
type MemberOf<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type PatchOf<T> = T extends unknown ? Partial<T> : never;

/** The GraphQL form `buildGraphql()` returns for a schema. */
export type GraphqlFormOf<N extends SchemaName> = N extends
  `${string}Draft` | `${string}Action` | `${string}Update` | `${string}ResourceIdentifier`
  ? GraphqlInput<Schemas[N]>
  : GraphqlOutput<Schemas[N]>;

/**
 * A fluent, immutable builder of a value of type `T`: every setter returns a new builder.
 * Setting `undefined` removes an optional member (including a default one such as `key`).
 */
export type Builder<T, G = GraphqlOutput<T>> = {
  readonly [K in Exclude<KeysOf<T>, ReservedBuilderName> & string]: (value: MemberOf<T, K>) => Builder<T, G>;
} & {
  /** The REST value: a fresh deep copy on every call. */
  build(): T;
  /** The GraphQL form: the input type for drafts and update actions, the output type for resources. */
  buildGraphql(): G;
  /** Sets several members at once. */
  with(patch: PatchOf<T>): Builder<T, G>;
};

/** Options of a builder factory. */
export interface BuilderOptions {
  /**
   * Seed of the defaults. The same seed gives the same defaults on every run; without one, each
   * builder takes the next seed of a module-wide sequence (see {@link resetBuilderSequence}), so
   * keys stay distinct while the run stays reproducible.
   */
  seed?: number;
}

/** A builder factory of one component schema, with the schema it builds. */
export interface BuilderFactory<N extends SchemaName> {
  (options?: BuilderOptions): Builder<Schemas[N], GraphqlFormOf<N>>;
  /** The component schema of the Commerce schema this factory builds (`build()` validates against it). */
  readonly schemaName: N;
  readonly kind: BuilderKind;
}

const SEQUENCE_START = 1;
let sequence = SEQUENCE_START;

/**
 * Restarts the seed sequence of unseeded builders, e.g. in `beforeEach`, so a test gets the same
 * defaults whichever tests ran before it.
 *
 * @example
 * beforeEach(() => resetBuilderSequence());
 */
export function resetBuilderSequence(): void {
  sequence = SEQUENCE_START;
}

const INPUT_FORM = /(Draft|Action|Update|ResourceIdentifier)$/;

/**
 * The builder factory of a component schema. Used by the generated factories; call it directly
 * for a schema by name.
 *
 * @example
 * const draft = defineBuilder('ProductSelectionDraft', 'draft')({ seed: 42 }).key('summer').build();
 */
export function defineBuilder<N extends SchemaName>(schemaName: N, kind: BuilderKind): BuilderFactory<N> {
  const view = objectView(componentSchema(schemaName));
  const allowed = allowedProperties(view);
  const graphqlForm = INPUT_FORM.test(schemaName) ? 'input' : 'output';

  const make = (state: Record<string, unknown>): Builder<Schemas[N], GraphqlFormOf<N>> => {
    const withMember = (current: Record<string, unknown>, name: string, value: unknown) => {
      const next = structuredClone(current);
      if (value === undefined) delete next[name];
      else next[name] = structuredClone(value);
      settleAlternative(view, next, name);
      return next;
    };
    const methods: Record<string, unknown> = {
      build: () => structuredClone(state),
      buildGraphql: () =>
        graphqlForm === 'input'
          ? toGraphqlInput(schemaName, structuredClone(state) as Schemas[N])
          : toGraphqlOutput(schemaName, structuredClone(state) as Schemas[N]),
      with: (patch: Record<string, unknown>) =>
        make(Object.entries(patch).reduce((current, [name, value]) => withMember(current, name, value), state)),
    };
    return new Proxy(Object.create(null) as object, {
      get(_target, property) {
        if (typeof property !== 'string') return undefined;
        if (Object.hasOwn(methods, property)) return methods[property];
        // Anything else (then, toJSON, asymmetricMatch, ...) is not a member: stay inert, so that
        // awaiting or printing a builder does not call a setter.
        if (!allowed.has(property)) return undefined;
        return (value: unknown) => make(withMember(state, property, value));
      },
      has: (_target, property) => typeof property === 'string' && (Object.hasOwn(methods, property) || allowed.has(property)),
    }) as Builder<Schemas[N], GraphqlFormOf<N>>;
  };

  const factory = (options: BuilderOptions = {}) => {
    const seed = options.seed ?? sequence++;
    return make(synthesize(schemaName, createRandom(mixSeed(seed, schemaName))) as Record<string, unknown>);
  };
  return Object.assign(factory, { schemaName, kind });
}
