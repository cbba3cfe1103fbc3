// Starts one throw-away PostgreSQL server for the whole run when PostgreSQL is installed; each suite
// creates its own database in it. With ORCH_TEST_POSTGRES=required (as .ci/run sets) a missing
// PostgreSQL fails the run instead of silently skipping the PostgreSQL half of the suites.
import { postgresBinDir, startPostgresCluster } from './postgres-cluster.mjs';

export default async function globalSetup() {
  if (!postgresBinDir()) {
    if (process.env.ORCH_TEST_POSTGRES === 'required') {
      throw new Error('ORCH_TEST_POSTGRES=required but PostgreSQL is not installed');
    }
    return;
  }
  process.env.ORCH_TEST_PG = JSON.stringify(await startPostgresCluster());
}
