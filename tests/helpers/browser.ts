// Debian's Chromium driven by playwright-core (no browser download): headless, flags this
// sandbox needs (no network beyond loopback, running as root).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

function launchOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: run \`npm run setup:browser\` (installs Debian's chromium and fonts-noto-cjk)`,
    );
  return {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions());
}

/** The same browser, served to other processes (chromium.connect to its wsEndpoint). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions());
}
