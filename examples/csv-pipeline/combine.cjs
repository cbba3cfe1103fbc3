// Adds up the regional totals and names the best region.
const fs = require('node:fs');

const inputs = JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE, 'utf8'));
const totals = { north: inputs.north, south: inputs.south, west: inputs.west };
const grand = Math.round(Object.values(totals).reduce((a, b) => a + b, 0) * 100) / 100;
const best = Object.entries(totals).sort((a, b) => b[1] - a[1])[0][0];
fs.writeFileSync(
  process.env.ORCH_OUTPUTS_FILE,
  JSON.stringify({ grand_total: grand, best_region: best, above_target: grand >= inputs.target }),
);
