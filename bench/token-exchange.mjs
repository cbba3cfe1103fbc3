#!/usr/bin/env node
// What a keyless sign-in costs: the time of one token call at the admin's token endpoint on loopback,
// an RFC 8693 exchange of an OIDC ID token (fresh token each time: a jti is exchanged once) against a
// client-credentials grant of an API key. One process holds an in-process admin on SQLite and a fake
// OIDC issuer on 127.0.0.1 (test/helpers/oidc-issuer.ts) whose JWKS the admin reads once (cached).
// ID tokens are signed before each measured call and outside its time. WARMUP (5) calls of each go
// first; then RUNS (default 50, BENCH_TOKEN_RUNS) of each, interleaved; prints the medians and p95s,
// and the ratio of the medians last. Run with `npm run bench:token-exchange` (builds first; tsx for the
// test helper).
import { startFakeIssuer } from '../test/helpers/oidc-issuer.ts';
import { startBenchAdmin } from './admin.mjs';
import { recordFigure } from './figures.mjs';

const RUNS = Number(process.env.BENCH_TOKEN_RUNS ?? 50);
const WARMUP = 5;

const issuer = await startFakeIssuer();
const admin = await startBenchAdmin({ flags: { 'auth.tokenExchange.issuers': issuer.issuer } });
const http = admin.addresses.httpEndpoint;
try {
  await admin.client.createTrustPolicy({
    policy: {
      name: 'bench',
      issuer: issuer.issuer,
      role: 'CONTRIBUTOR',
      conditions: [{ claim: 'repository', pattern: 'acme/flows' }],
    },
  });
  const key = await admin.client.createApiKey({ name: 'bench', role: 'CONTRIBUTOR', org: '' });
  const basic = `Basic ${Buffer.from(`${key.key?.client_id}:${key.client_secret}`).toString('base64')}`;

  const post = async (headers, body) => {
    const started = process.hrtime.bigint();
    const res = await fetch(`${http}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });
    const json = await res.json();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.status !== 200) throw new Error(`token call failed: ${res.status} ${JSON.stringify(json)}`);
    return ms;
  };
  const keyless = async () => {
    const token = await issuer.token(http);
    return post(
      {},
      new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: token,
        subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      }).toString(),
    );
  };
  const apiKey = () => post({ authorization: basic }, 'grant_type=client_credentials');

  for (let i = 0; i < WARMUP; i++) {
    await keyless();
    await apiKey();
  }
  const times = { keyless: [], apiKey: [] };
  for (let i = 0; i < RUNS; i++) {
    times.keyless.push(await keyless());
    times.apiKey.push(await apiKey());
  }
  const at = (list, q) =>
    [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))];
  const median = (list) => at(list, 0.5);
  for (const [name, list] of Object.entries(times)) {
    console.log(
      `${name}: median ${median(list).toFixed(2)} ms, p95 ${at(list, 0.95).toFixed(2)} ms (${RUNS} calls)`,
    );
  }
  const ratio = median(times.keyless) / median(times.apiKey);
  recordFigure('token exchange vs client credentials, median token call', ratio, 'x');
  console.log(`keyless / API key median: ${ratio.toFixed(2)}x`);
} finally {
  await admin.close();
  await issuer.stop();
}
