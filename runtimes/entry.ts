/**
 * The bundle's entry: puts `runStory` on the global object. It exports nothing, so the bundle
 * (ESM) holds no `import` or `export` statement and the same bytes load as a module in a page
 * and as a script in EdgeVM, which evaluates scripts.
 */
import { runStory } from './story.js';

(globalThis as { runCommerceStory?: typeof runStory }).runCommerceStory = runStory;
