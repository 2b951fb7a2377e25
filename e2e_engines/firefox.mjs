// Firefox ESR driven through WebDriver BiDi by puppeteer-core, for e2e_engines/engines.py.
// One JSON request a line on stdin ({op, ...}), one JSON answer a line on stdout ({ok} or {error}).
// `node e2e_engines/firefox.mjs [profile dir]`: with a directory, the profile is kept there
// between launches; without, Firefox gets a temporary one.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const FIREFOX = process.env.FIREFOX || "/usr/bin/firefox-esr";
const profile = process.argv[2];

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: FIREFOX,
  headless: true,
  ...(profile ? { userDataDir: profile } : {}),
  extraPrefsFirefox: {
    // This machine's network is closed: no update, telemetry or safe-browsing calls.
    "app.update.enabled": false,
    "browser.safebrowsing.update.enabled": false,
    "datareporting.policy.dataSubmissionEnabled": false,
    "network.captive-portal-service.enabled": false,
    "network.connectivity-service.enabled": false,
  },
});
const [first] = await browser.pages();
const page = first || (await browser.newPage());
page.setDefaultTimeout(120_000);
page.setDefaultNavigationTimeout(120_000);

const ops = {
  goto: ({ url }) => page.goto(url, { waitUntil: "load" }).then(() => null),
  reload: () => page.reload({ waitUntil: "load" }).then(() => null),
  // `fn` is a JavaScript function's source; it gets `args` and may return a promise.
  // A page that never answers (busy for good) is an error after two minutes, not a lane that waits forever.
  call: ({ fn, args }) => Promise.race([
    page.evaluate(`(${fn})(...${JSON.stringify(args)})`),
    new Promise((_, fail) => setTimeout(() => fail(new Error("the page gave no answer in 120 s")), 120_000)),
  ]),
  click: ({ selector }) => page.click(selector).then(() => null),
  size: ({ width, height }) => page.setViewport({ width, height }).then(() => null),
  // What a player would see, for a person looking at the lane's pages (not used by its tests).
  screenshot: ({ path }) => page.screenshot({ path }).then(() => null),
  close: () => browser.close().then(() => null),
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { op, ...request } = JSON.parse(line);
  let answer;
  try {
    const value = await ops[op](request);
    answer = { ok: value === undefined ? null : value };
  } catch (err) {
    answer = { error: String(err && err.stack ? err.stack : err) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (op === "close") break;
}
process.exit(0);
