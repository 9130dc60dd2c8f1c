/**
 * A request URL as a `URL`; a relative one (as a browser's `fetch` takes) against a placeholder
 * origin, so that its path and query can be read.
 */
export const urlOf = (url: string): URL => new URL(url, 'http://localhost');
