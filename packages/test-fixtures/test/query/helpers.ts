import { expect } from 'vitest';
import { ApiError } from '../../src/emulator/http/errors.js';

/** Runs `fn`, asserts it throws a 400 InvalidInput, and returns the message. */
export function invalidInput(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.errors[0]?.code).toBe('InvalidInput');
    return apiError.message;
  }
  throw new Error('expected an InvalidInput error, nothing was thrown');
}
