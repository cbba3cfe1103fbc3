// Sums units x unit_price of one region's rows of data/sales.csv (shipped in the code bundle).
const fs = require('node:fs');
const path = require('node:path');

const { region } = JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE, 'utf8'));
const [header, ...rows] = fs
  .readFileSync(path.join(__dirname, 'data', 'sales.csv'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.split(','));
const column = (name) => header.indexOf(name);
let total = 0;
let count = 0;
for (const row of rows) {
  if (row[column('region')] !== region) continue;
  total += Number(row[column('units')]) * Number(row[column('unit_price')]);
  count += 1;
}
if (count === 0) {
  console.error(`no rows for region ${region}`);
  process.exit(1);
}
fs.writeFileSync(
  process.env.ORCH_OUTPUTS_FILE,
  JSON.stringify({ total: Math.round(total * 100) / 100, rows: count }),
);
