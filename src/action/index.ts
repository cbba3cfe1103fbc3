/** The Action's entry (action.yml `main: dist/index.js`, bundled by scripts/build-action.mjs). */
import { main } from './main.js';

await main();
