// Stops the PostgreSQL server of the global setup.
import { stopPostgresCluster } from './postgres-cluster.mjs';

export default async function globalTeardown() {
  if (process.env.ORCH_TEST_PG) await stopPostgresCluster(JSON.parse(process.env.ORCH_TEST_PG));
}
