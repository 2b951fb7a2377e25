// One visit to a page in Firefox ESR (headless, driven over WebDriver BiDi by puppeteer-core, no
// geckodriver), as a browser a player opens and closes: for the start-up bench (bench/engines.py).
//   node tools/firefox_visit.mjs '{"url": ..., "profile": DIR, "probe": JS, "collect": JS, "settle": JS, "timeoutMs": N}'
// The profile folder is kept, so the next visit with the same folder is a return visit.  The
// window is 390x844.  Prints one JSON line: {ok, data: {collected, console}} or {ok: false, error}.
import puppeteer from "puppeteer-core";

const job = JSON.parse(process.argv[2]);
const consoleLines = [];
let browser;
try {
  browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: "/usr/bin/firefox-esr",
    headless: true,
    userDataDir: job.profile,
    extraPrefsFirefox: { "browser.shell.checkDefaultBrowser": false },
  });
  const [page] = await browser.pages();
  await page.setViewport({ width: 390, height: 844 });
  page.on("console", (m) => consoleLines.push(`${m.type()}: ${m.text().slice(0, 500)}`));
  page.on("pageerror", (e) => consoleLines.push(`pageerror: ${String(e).slice(0, 500)}`));
  await page.evaluateOnNewDocument(job.probe);
  await page.goto(job.url, { waitUntil: "commit" });
  await page.waitForFunction(`window.__benchReady !== undefined && !!(${job.settle})`, {
    timeout: job.timeoutMs, polling: 50,
  });
  const collected = await page.evaluate(`(${job.collect})`);
  console.log(JSON.stringify({ ok: true, data: { collected, console: consoleLines } }));
} catch (err) {
  console.log(JSON.stringify({ ok: false, error: String(err), data: { console: consoleLines } }));
} finally {
  if (browser) await browser.close().catch(() => {});
}
