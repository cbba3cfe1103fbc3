/** The server's logging seam: injected by the edge; the server never prints by itself. */
export { type Logger, silentLogger } from '../telemetry/log.js';
