// Module resolution hook for the community mock server's child process.
// @labdigital/commercetools-mock imports `msw` (a peer dependency it only uses for its msw
// integration, `registerHandlers`/`getHandlers`) at the top of its bundle. The benchmark runs the
// mock as a plain HTTP server and never calls those methods, so when `msw` is not installed it is
// replaced by an empty stand-in; an installed `msw` is used as is.
const STUB =
  'data:text/javascript,' +
  encodeURIComponent(
    'const missing = () => { throw new Error("msw is not installed (stubbed by the benchmark)"); };' +
      'export const http = new Proxy({}, { get: () => missing });' +
      'export class HttpResponse { constructor() { missing(); } }' +
      'export const setupServer = missing;',
  );

export async function resolve(specifier, context, next) {
  if (specifier !== 'msw' && !specifier.startsWith('msw/')) return next(specifier, context);
  try {
    return await next(specifier, context);
  } catch (error) {
    if (error && error.code === 'ERR_MODULE_NOT_FOUND') return { url: STUB, shortCircuit: true };
    throw error;
  }
}
