/**
 * The storefront page's bundle entry: on every page load it runs the anonymous-session story with
 * the configuration the page carries (`<script type="application/json" id="commerce-config">`) and
 * puts the pending summary on `globalThis.anonymousSession` for the test to await. Like `entry.ts`
 * it exports nothing, so the bundle holds no `import` or `export` statement.
 */
import { runAnonymousStory, type AnonymousStoryConfig } from './anonymous-story.js';

const config = JSON.parse(document.getElementById('commerce-config')?.textContent ?? 'null') as AnonymousStoryConfig | null;
(globalThis as { anonymousSession?: ReturnType<typeof runAnonymousStory> }).anonymousSession = config
  ? runAnonymousStory(config)
  : Promise.reject(new Error('the page carries no #commerce-config'));
