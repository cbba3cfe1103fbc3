import { spawn } from 'node:child_process';
import type { UrlOpener } from './interactive.js';

/**
 * The platform's URL opener when a browser can be shown: `open` on macOS, `cmd /c start` on Windows,
 * `xdg-open` elsewhere when `DISPLAY` or `WAYLAND_DISPLAY` is set (a desktop session); undefined on a
 * headless box, where the flow only prints the URL. The opener is started detached and its failure
 * is ignored: the URL is printed either way.
 */
export function platformUrlOpener(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): UrlOpener | undefined {
  let command: [string, string[]] | undefined;
  if (platform === 'darwin') command = ['open', []];
  else if (platform === 'win32') command = ['cmd', ['/c', 'start', '""']];
  else if (env.DISPLAY || env.WAYLAND_DISPLAY) command = ['xdg-open', []];
  if (!command) return undefined;
  const [program, args] = command;
  return (url) => {
    try {
      const child = spawn(program, [...args, url], { detached: true, stdio: 'ignore' });
      child.on('error', () => undefined);
      child.unref();
    } catch {
      // The URL was printed; a missing opener is not an error.
    }
  };
}
