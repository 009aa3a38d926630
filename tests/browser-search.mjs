// browser-search.mjs: drives Debian's chromium with playwright-core on a
// site served over http: opens SITE_URL/search.html, types WORD, waits for
// the results, and prints one JSON line: the results shown (subject,
// author, date, excerpt, href), the bytes and requests the browser fetched
// under pagefind/ for the query and the periods (pagefind/PERIOD/) they
// came from, the console errors and refused loads;
// with --params=QUERY-STRING the page is opened with it (filters, order);
// with --older it then presses "search older" once and gives the status
// and results after it as "after";
// with --screenshot=PNG it leaves a picture of the results; with --follow
// it then opens the first result and adds its page's first subject
// heading and its URL.
//
// With --batch=FILE, each line of FILE is a run's "WORD [FLAGS...]", each
// in a fresh browser context (its own cache), and a JSON line is printed
// per run: one browser start serves them all.
//
//   node browser-search.mjs NODE_MODULES SITE_URL WORD [--params=Q] [--screenshot=PNG] [--older] [--follow]
//   node browser-search.mjs NODE_MODULES SITE_URL --batch=FILE
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";

const [modules, site, ...args] = process.argv.slice(2);
const { chromium } = createRequire(path.join(modules, "index.js"))("playwright-core");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
// The status once a query is answered: "... found." or "...; X not searched yet."
const answered = () => / found\.$|not searched yet\.$/.test(document.getElementById("status").textContent);
const shown = (page) => page.$$eval("#results li", (items) => items.map((li) => ({
  subject: li.querySelector("a.subject").textContent,
  href: li.querySelector("a.subject").getAttribute("href"),
  meta: li.querySelector(".meta").textContent,
  excerpt: li.querySelector(".excerpt").innerHTML,
})));
async function run(word, flags) {
  const out = { results: [], bytes: 0, requests: 0, periods: [], errors: [] };
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  let counting = false;
  // A missing favicon.ico is the server's 404, not the site's.
  page.on("console", (msg) => {
    if ((msg.type() === "error" && !msg.text().startsWith("Failed to load resource"))
        || /Refused to|Content Security Policy/.test(msg.text()))
      out.errors.push(msg.text());
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.url().endsWith("/favicon.ico"))
      out.errors.push(response.status() + " " + response.url());
  });
  page.on("pageerror", (error) => out.errors.push(String(error)));
  page.on("requestfinished", async (request) => {
    const period = new URL(request.url()).pathname.match(/\/pagefind\/([^/]+)\//);
    if (!counting || period === null)
      return;
    if (!out.periods.includes(period[1]))
      out.periods.push(period[1]);
    const sizes = await request.sizes();
    out.requests++;
    out.bytes += sizes.responseBodySize + sizes.responseHeadersSize;
  });
  counting = true;               // the index loads with the page: it counts
  const params = flags.find((flag) => flag.startsWith("--params="));
  await page.goto(new URL("search.html" + (params ? "?" + params.slice("--params=".length) : ""),
                          site).href);
  await page.waitForFunction(() => document.getElementById("status").textContent === "",
                             null, { timeout: 60000 });
  await page.fill("#q", word);
  await page.waitForFunction(answered, null, { timeout: 60000 });
  await page.waitForLoadState("networkidle");
  counting = false;
  out.status = await page.textContent("#status");
  out.results = await shown(page);
  if (flags.includes("--older")) {
    const before = out.status;
    await page.click("#older");
    await page.waitForFunction((old) => document.getElementById("status").textContent !== old,
                               before, { timeout: 60000 });
    await page.waitForFunction(answered, null, { timeout: 60000 });
    out.after = { status: await page.textContent("#status"), results: await shown(page) };
  }
  const shot = flags.find((flag) => flag.startsWith("--screenshot="));
  if (shot)
    await page.screenshot({ path: shot.slice("--screenshot=".length), fullPage: true });
  if (flags.includes("--follow")) {
    await Promise.all([page.waitForLoadState("load"), page.click("#results li a.subject")]);
    await page.waitForSelector("h1.subject");
    out.followed = { url: page.url(), subject: (await page.textContent("h1.subject")).trim() };
  }
  await context.close();
  return out;
}

try {
  const batch = args[0].startsWith("--batch=")
    ? readFileSync(args[0].slice("--batch=".length), "utf8").split("\n").filter(Boolean)
        .map((line) => line.split(" "))
    : [args];
  for (const [word, ...flags] of batch)
    console.log(JSON.stringify(await run(word, flags)));
} finally {
  await browser.close();
}
