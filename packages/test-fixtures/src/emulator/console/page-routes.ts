import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { CONSOLE_PAGE } from './assets/console-page.js';
import { CONSOLE_SCRIPT } from './assets/console-script.js';
import { CONSOLE_STYLE } from './assets/console-style.js';

/**
 * Only the console's own files, no inline code, no other origin, no framing; the page talks to
 * its own origin only.
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
};

const asset = (body: string, type: string) => () =>
  new Response(body, { headers: { 'content-type': `${type}; charset=utf-8`, ...SECURITY_HEADERS } });

/**
 * The web console, under the control API's prefix: `GET /console` (the page), `/console/console.js`,
 * `/console/console.css`. They take no credentials and hold no data: the page asks for the
 * bootstrap client's id and secret and reads through the API and the control API.
 */
export function registerConsolePage(control: Hono<AppEnv>): void {
  control.get('/console', asset(CONSOLE_PAGE, 'text/html'));
  control.get('/console/console.js', asset(CONSOLE_SCRIPT, 'text/javascript'));
  control.get('/console/console.css', asset(CONSOLE_STYLE, 'text/css'));
}
