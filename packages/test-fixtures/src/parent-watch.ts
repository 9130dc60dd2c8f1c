/** How often the parent process is looked at. */
const PARENT_CHECK_MS = 250;

/**
 * Calls `onOrphaned` once when this process's parent exits, when it was started by a package
 * manager (`pnpm emulator`, `npx commerce-emulator`, `npm run`: their environment has
 * `npm_lifecycle_event`). They run the command through a shell and pass a SIGTERM or SIGINT to
 * that shell only, which exits and leaves its child running: without this, the emulator would go
 * on serving, orphaned, and never write its state. Started otherwise (a shell in the background,
 * a service manager), the emulator outlives its parent as any server does. The timer does not
 * keep the process alive.
 *
 * @example
 * stopWhenOrphaned(() => stop('parent process exited'));
 */
export function stopWhenOrphaned(onOrphaned: () => void, env: NodeJS.ProcessEnv = process.env): void {
  if (env['npm_lifecycle_event'] === undefined) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onOrphaned();
  }, PARENT_CHECK_MS);
  timer.unref();
}
