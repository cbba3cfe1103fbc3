// Fails its first attempt, as a call to a flaky upstream service would, and succeeds on the retry.
// ORCH_ATTEMPT is the attempt number (1, 2, ...) the executor gives every task process.
const fs = require('node:fs');

const attempt = Number(process.env.ORCH_ATTEMPT ?? '1');
if (attempt < 2) {
  console.error(`attempt ${attempt}: upstream answered 503, giving up on this attempt`);
  process.exit(1);
}
const { symbol } = JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE, 'utf8'));
fs.writeFileSync(
  process.env.ORCH_OUTPUTS_FILE,
  JSON.stringify({ quote: `${symbol}: 42.00`, attempts: attempt }),
);
