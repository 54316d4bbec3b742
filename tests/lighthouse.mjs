// Lighthouse (mobile, performance only) on the given URLs, in Debian's Chromium: one line each with
// the score and the metrics behind it. Run by tests/bench_lighthouse.py (`make bench`), which
// installs Lighthouse into .stamps/lighthouse (a bench tool, not an app or test dependency) and
// starts the servers. Usage: node tests/lighthouse.mjs URL...
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const tools = path.resolve(process.env.LIGHTHOUSE_HOME || ".stamps/lighthouse", "node_modules");
const { default: lighthouse } = await import(pathToFileURL(path.join(tools, "lighthouse/core/index.js")));
const chromeLauncher = await import(pathToFileURL(path.join(tools, "chrome-launcher/dist/index.js")));

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM || "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
  ],
});
let failed = false;
try {
  for (const url of process.argv.slice(2)) {
    // A trace Chromium failed to record (NO_NAVSTART, now and then) is run again, twice at most.
    let lhr;
    let artifacts;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      ({ lhr, artifacts } = await lighthouse(url, { port: chrome.port, onlyCategories: ["performance"], logLevel: "error" }));
      if (!lhr.runtimeError) break;
    }
    if (process.env.LIGHTHOUSE_REPORTS) {
      // The whole report, to read where the time went: LIGHTHOUSE_REPORTS=dir.
      const name = url.replace(/^https?:\/\/[^/]+/, "").replace(/[^A-Za-z0-9]+/g, "_") || "_";
      await fs.mkdir(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      await fs.writeFile(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), JSON.stringify(lhr));
      const trace = artifacts?.Trace ?? artifacts?.traces?.defaultPass;
      if (trace) await fs.writeFile(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}.trace.json`), JSON.stringify(trace));
    }
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
    const kb = (audit("total-byte-weight") / 1024).toFixed(1);
    console.log(
      `${String(score).padStart(3)}  FCP ${(audit("first-contentful-paint") / 1000).toFixed(2)} s  ` +
        `LCP ${(audit("largest-contentful-paint") / 1000).toFixed(2)} s  TBT ${audit("total-blocking-time").toFixed(0)} ms  ` +
        `CLS ${audit("cumulative-layout-shift").toFixed(3)}  SI ${(audit("speed-index") / 1000).toFixed(2)} s  ${kb} KB  ${url}`,
    );
    if (audit("total-blocking-time") > 0) {
      // Where the blocking time came from: the scripts that kept the main thread busiest.
      const items = lhr.audits["bootup-time"]?.details?.items ?? [];
      for (const item of items.slice(0, 3)) {
        console.log(`       ${item.total.toFixed(0)} ms (script ${item.scripting.toFixed(0)} ms)  ${item.url}`);
      }
    }
    if (lhr.runtimeError) {
      console.error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      failed = true;
    }
  }
} finally {
  await chrome.kill();
}
process.exit(failed ? 1 : 0);
