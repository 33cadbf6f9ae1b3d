import { afterAll } from 'vitest';
import { runFileEndCleanups } from './database';

/**
 * Runs before every test file of the api projects (setupFiles run per file even with
 * `isolate: false`). Its afterAll is registered first, so it runs last: after the file's own
 * afterAll hooks it closes any test app or database the file left open, so the next file in this
 * worker starts with nothing of it (decision 0090).
 */
afterAll(runFileEndCleanups, 180_000);
