import { readdir, readFile } from 'node:fs/promises';

/**
 * The pids of live processes (zombies excluded) one of whose command-line arguments is exactly
 * `marker`, read from /proc as this host sees them; this test process is never among them.
 */
export async function processesWith(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    if (cmdline.split('\0').includes(marker) && !/^\d+ \(.*\) Z/.test(stat)) found.push(Number(name));
  }
  return found;
}
