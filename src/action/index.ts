/** The Action's entry (action.yml `main: dist/index.js`, bundled by scripts/build-action.mjs). */
import { main } from './main.js';

// A step's log is for the user's own messages: deprecations inside the bundled libraries (grpc-js
// naming an IP address as the TLS server name, DEP0123) are nothing a user of the Action can act on.
process.noDeprecation = true;

await main();
