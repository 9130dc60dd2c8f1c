/**
 * The teardown of the browser suites (`closeInTurn`): a step that throws (a `context.close()` of a
 * crashed browser) must not leave the later ones undone. No Chromium needed.
 */
import { describe, expect, it } from 'vitest';
import { closeInTurn, closeServer, servePage } from './browser-helpers.js';

describe('closeInTurn', () => {
  it('runs every step after a throwing one, closing the page server, then throws that error', async () => {
    const page = await servePage({ '/': { type: 'text/plain', body: 'hello' } });
    expect(page.server.listening).toBe(true);
    const ran: string[] = [];
    const broken = new Error('context.close() failed: the browser crashed');

    await expect(
      closeInTurn(
        () => {
          ran.push('context');
          throw broken;
        },
        async () => {
          ran.push('browser');
        },
        () => {
          ran.push('page server');
          return closeServer(page.server);
        },
      ),
    ).rejects.toBe(broken);
    expect(ran).toEqual(['context', 'browser', 'page server']);
    expect(page.server.listening).toBe(false);
  });

  it('throws an AggregateError of every failure when several steps throw, after running them all', async () => {
    const ran: number[] = [];
    const failures = [new Error('first'), new Error('third')];
    const error = await closeInTurn(
      () => {
        ran.push(1);
        throw failures[0];
      },
      () => ran.push(2),
      () => Promise.reject(failures[1]).finally(() => ran.push(3)),
      () => ran.push(4),
    ).catch((caught: unknown) => caught);
    expect(ran).toEqual([1, 2, 3, 4]);
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as AggregateError).errors).toEqual(failures);
  });

  it('resolves when every step does, skipping the ones with nothing to close (undefined)', async () => {
    const ran: string[] = [];
    // What a step sees when beforeAll failed before the thing was made.
    const notMade = (): { close(): Promise<void> } | undefined => undefined;
    await expect(
      closeInTurn(
        () => notMade()?.close(),
        async () => {
          ran.push('closed');
        },
      ),
    ).resolves.toBeUndefined();
    expect(ran).toEqual(['closed']);
  });
});
