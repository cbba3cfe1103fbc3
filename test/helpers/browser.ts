import type { Browser } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs; the browser tests drive it with playwright-core. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Launches Debian's headless Chromium with nothing that reaches out on its own (no QUIC, updates,
 * sync or background networking): the machine reaches only the npm registry and Debian.
 */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
