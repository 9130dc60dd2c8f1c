/**
 * A test helper library built on test-fixtures that emits declarations for values whose types it
 * only infers: tools/check-consumer-declarations.ts compiles it (declaration emit, `skipLibCheck:
 * false`, `types: []`) against the packed package, as a user's build would, in test-fixtures'
 * `lint`. The package's declarations must check without `@types/node` (the emulator runs on Node,
 * but a consumer's types need not include Node's) and every inferred type must be nameable.
 */
import {
  adminConsole,
  checkedFetch,
  connectEmulator,
  createContractTarget,
  createEmulator,
  createResponseContract,
  ManualClock,
  productSelectionDraft,
  recordRequests,
  seedCatalogue,
  serveEmulator,
  startEmulator,
  startIntrospectionServer,
  type EmulatorOptions,
} from '@commerce-kit/test-fixtures';

export const emulator = (options?: EmulatorOptions) => createEmulator(options);
export const manual = () => createEmulator({ clock: new ManualClock(0) });
export const served = () => startEmulator({ port: 0 });
export const servedAgain = () => serveEmulator(createEmulator(), { host: '127.0.0.1' });
export const snapshot = () => createEmulator().snapshot();
export const faults = () => createEmulator().faults;
export const admin = () => adminConsole(createEmulator().context);
export const control = (origin: string) => connectEmulator({ origin, clientId: 'id', clientSecret: 'secret' });
export const introspection = () => startIntrospectionServer({ authorization: 'Bearer x' });
export const recording = () => recordRequests(createEmulator().fetch);
export const catalogue = () => seedCatalogue(createEmulator(), { seed: 1 });
export const draft = () => productSelectionDraft({ seed: 1 }).build();
export const target = () => createContractTarget();
export const checked = () => checkedFetch(createContractTarget());
export const contract = () => createResponseContract('commerce', 'http://127.0.0.1');
