import { CONTROL_PREFIX } from '../../control/prefix.js';

/** The web console's page: a shell the script fills; it holds no data and loads nothing from the network. */
export const CONSOLE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Commerce emulator console</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${CONTROL_PREFIX}/console/console.css" />
    <script type="module" src="${CONTROL_PREFIX}/console/console.js"></script>
  </head>
  <body>
    <a class="skip" href="#main">Skip to the content</a>
    <header class="top"><h1>Commerce emulator console</h1></header>
    <p id="status" class="status" role="status" aria-live="polite"></p>
    <div id="app"></div>
  </body>
</html>
`;
