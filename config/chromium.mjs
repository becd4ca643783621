// The one place that says which Chromium the test tools drive. Debian's build is the default;
// CHROMIUM_PATH points elsewhere. Browsers are never downloaded by a script.
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const chromiumLaunchOptions = { executablePath: chromiumPath, args: chromiumArgs };
