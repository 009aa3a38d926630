// search.js: the search page of an mlarc site (search.html), the only
// script of the site. It loads Pagefind's newest bundle and opens older
// ones only as a query needs them: Pagefind fetches about 10 bytes of
// metadata per page of every index it opens, so opening all of a big
// archive's periods would cost a megabyte before the first result. A
// query opens the periods its filters allow, newest first
// (oldest first for "oldest first"), until it has a page of results or has
// opened BUDGET pages or BUNDLES bundles; the rest wait for the "search
// older" button. The newest period's current tier (PERIOD.new: its
// newest pages, indexed again by each delivery) is opened with the
// bundle before it and takes one of the BUNDLES; an older period's is a
// bundle of its own. Then it shows the messages that match: subject, author, date
// and excerpt, each linking to its message page. On a host of lists
// (mlarc host) the bundles are those of every list, each searched with its
// list's root as base URL, and a list selector keeps to one list.
(function () {
  "use strict";
  const PAGE = 20;
  const BUDGET = 12000;          // pages opened by a query without asking
  // Bundles opened by a query without asking, besides the newest (the
  // newest period's current tier counts as one of them): each is a
  // Pagefind of its own (its module, 46 KB, its wasm, 58 KB, its metadata
  // and an index chunk, about 140 KB at 2,000 pages), so that a word
  // found nowhere opens 3 Pagefinds and costs under 500 KB.
  // A year chosen is searched whole (within BUDGET pages).
  const BUNDLES = 2;
  const form = document.getElementById("search");
  const input = document.getElementById("q");
  const year = document.getElementById("year");
  const sort = document.getElementById("sort");
  const chooser = document.getElementById("list");   // a host's only
  const status = document.getElementById("status");
  const list = document.getElementById("results");
  const more = document.getElementById("more");
  const older = document.getElementById("older");
  const root = new URL(".", document.baseURI).pathname;
  const sizes = form.dataset.pages.split(" ").map(Number);
  const owners = (form.dataset.lists || "").split(" ");
  // The bundles, named by their folder: a period ("2004", "2005-03") and
  // the later bundles of a big one ("2005-03.001"), so sorted by name they
  // are oldest first; "period" is the name without the bundle number. A
  // period's current tier ("2005-03.new", its newest pages) is a bundle
  // too, but the newest period's rides on that period's last bundle.
  const bundles = form.dataset.indexes.split(" ").filter(Boolean).map((href, i) => {
    const name = href.split("/").filter(Boolean).pop();
    const owner = owners[i] || "";
    return {
      path: new URL(href, document.baseURI).pathname,
      root: owner ? new URL(owner + "/", document.baseURI).pathname : root,
      list: owner,
      name: name,
      period: name.split(".")[0],
      pages: sizes[i] || 0,
      opened: false,
      tier: null,
    };
  }).sort((a, b) => a.name.localeCompare(b.name) || a.list.localeCompare(b.list));
  const isTier = (bundle) => bundle.name.endsWith(".new");
  const newest = {};             // list: its newest period
  for (const bundle of bundles)
    if (!(newest[bundle.list] >= bundle.period))
      newest[bundle.list] = bundle.period;
  const periods = bundles.filter((bundle) => {
    if (!isTier(bundle) || bundle.period !== newest[bundle.list])
      return true;
    const base = bundles.filter((other) => !isTier(other) && other.list === bundle.list
      && other.period === bundle.period).pop();
    if (base === undefined)
      return true;
    base.tier = bundle;
    base.pages += bundle.pages;
    return false;
  });
  // The month and author filters come from the address only
  // (?month=2004-07, ?author=NAME), as a link can give them.
  const linked = {};
  let found = [];
  let shown = 0;
  let budget = BUDGET;
  let latest = 0;                // the number of the newest run()

  if (location.protocol === "file:") {
    status.textContent = "Search needs the site served over http:// " +
      "(for a preview: python3 -m http.server -d SITE).";
    return;
  }

  // Each bundle is searched by a Pagefind of its own (its pagefind.js is a
  // module of its own) rather than merged into one (mergeIndex): Pagefind
  // 1.x answers a word an index lacks with the longest prefix it has (its
  // pull request 315), so every bundle without the word would add pages
  // that hold only a prefix of it ("multipath" finding "M."). A bundle's
  // answer is kept when the words at its best page's matches begin as the
  // query's words do (stemming cuts a few letters at the end, not more);
  // the answers kept are merged by score, as mergeIndex merges them. One
  // module with an instance per bundle (createInstance) would save 46 KB a
  // bundle, but in Pagefind 1.6 a query over several instances hung about
  // one time in two (at 100,000 messages, a word found nowhere).
  async function open(period) {
    await Promise.all([period, period.tier].filter(Boolean).map(async (bundle) => {
      const api = await import(bundle.path + "pagefind.js");
      await api.options({ baseUrl: bundle.root, excerptLength: 24 });
      await api.init();
      bundle.api = api;
      bundle.opened = true;
    }));
  }

  async function load() {
    await open(periods[periods.length - 1]);
  }

  function common(a, b) {
    let n = 0;
    while (n < a.length && n < b.length && a[n] === b[n]) n++;
    return n;
  }

  // Whether @data's matched words stand for every word of @query rather
  // than for a shorter prefix Pagefind put in its place.
  function genuine(data, query) {
    const words = data.content.split(/\s+/);
    const matched = data.locations.map((at) =>
      (words[at] || "").toLowerCase().replace(/^[^\p{L}\p{N}]+/u, ""));
    return query.toLowerCase().split(/\s+/).filter(Boolean).every((term) => {
      const need = Math.min(term.length, Math.max(3, term.length - 4));
      return matched.some((word) => common(word, term) >= need);
    });
  }

  function chosen(period) {
    return !chooser || !chooser.value || period.list === chooser.value;
  }

  async function searchBundles(query, options) {
    const opened = bundles.filter((bundle) => bundle.opened && chosen(bundle));
    const answers = await Promise.all(opened.map((period) => period.api.search(query, options)));
    const kept = await Promise.all(answers.map(async (answer, i) =>
      answer.results.length === 0
        || (!/^\s*".*"\s*$/.test(query) && !genuine(await answer.results[0].data(), query))
        ? [] : answer.results.map((result) => Object.assign(result, { list: opened[i].list }))));
    return { results: kept.flat().sort((a, b) => b.score - a.score) };
  }

  // The periods a search with these filters can match, in the order they
  // are opened: "2004" and "2004-07" hold messages of year 2004, and
  // "2004" or "2004-07" those of month 2004-07.
  function candidates(filters, order) {
    const fits = periods.filter((period) => chosen(period) &&
      (!filters.year || period.period.slice(0, 4) === filters.year)
      && (!filters.month || period.period === filters.month
          || period.period === filters.month.slice(0, 4)));
    return order === "asc" ? fits : fits.reverse();
  }

  function span(list) {
    const names = [...new Set(list.map((period) => period.period))].sort();
    return names.length === 1 ? names[0] : names[0] + " to " + names[names.length - 1];
  }

  // Pagefind's excerpt is HTML with <mark>: only its text and marks are
  // kept, parsed in an inert document, never inserted as HTML.
  function excerpt(html) {
    const parsed = new DOMParser().parseFromString(html, "text/html");
    const out = document.createElement("p");
    out.className = "excerpt";
    for (const node of parsed.body.childNodes) {
      if (node.nodeName === "MARK") {
        const mark = document.createElement("mark");
        mark.textContent = node.textContent;
        out.append(mark);
      } else {
        out.append(node.textContent);
      }
    }
    return out;
  }

  function item(data, list) {
    const li = document.createElement("li");
    const link = document.createElement("a");
    const meta = document.createElement("div");
    link.href = data.url;
    link.className = "subject";
    link.textContent = data.meta.title || data.url;
    meta.className = "meta";
    meta.textContent = [list, data.meta.author, data.meta.date].filter(Boolean).join(" · ");
    li.append(link, meta, excerpt(data.excerpt));
    return li;
  }

  async function showMore() {
    const page = found.slice(shown, shown + PAGE);
    shown += page.length;
    const data = await Promise.all(page.map((result) => result.data()));
    list.append(...data.map((one, i) => item(one, page[i].list)));
    more.hidden = shown >= found.length;
  }

  // widen: merge the next periods even when a page of results is there
  // (the "search older" button), at least one.
  async function run(widen) {
    const query = input.value.trim();
    const params = new URLSearchParams();
    if (query) params.set("q", query);
    if (chooser && chooser.value) params.set("list", chooser.value);
    if (year.value) params.set("year", year.value);
    if (sort.value) params.set("sort", sort.value);
    for (const [key, value] of Object.entries(linked)) params.set(key, value);
    const search = params.toString();
    history.replaceState(null, "", search ? "?" + search : location.pathname);
    if (!query) {
      list.replaceChildren();
      more.hidden = true;
      status.textContent = "";
      return;
    }
    const options = { filters: { ...linked } };
    if (year.value) options.filters.year = year.value;
    if (sort.value) options.sort = { date: sort.value };
    const ticket = ++latest;
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (ticket !== latest)
      return;                     // a newer query took its place
    let answer = await searchBundles(query, options);
    if (ticket !== latest)
      return;
    const wanted = candidates(options.filters, sort.value);
    let spent = 0;
    // The newest period's current tier is a Pagefind of its own: it takes
    // one of a query's BUNDLES, so a word found nowhere opens 3 at most
    // (each "search older" opens BUNDLES more).
    let bundles = widen ? 0 : periods.filter((period) => period.opened && period.tier).length;
    for (;;) {
      const next = wanted.find((period) => !period.opened);
      // Over the budget, a period is still opened when it is the first
      // of this widening, or when none the filters allow is open yet.
      const fits = (spent + next?.pages <= budget
          && (bundles < BUNDLES || year.value !== ""))
        || (widen ? spent === 0 : !wanted.some((period) => period.opened));
      if (next === undefined || !fits || (!widen && answer.results.length >= PAGE))
        break;
      await open(next);
      spent += next.pages;
      bundles++;
      answer = await searchBundles(query, options);
      if (ticket !== latest)
        return;
    }
    found = answer.results;
    shown = 0;
    list.replaceChildren();
    await showMore();
    // Said once the results are shown.
    const left = wanted.filter((period) => !period.opened);
    const count = found.length === 0 ? "No message found"
      : found.length === 1 ? "1 message found" : found.length + " messages found";
    if (left.length === 0) {
      status.textContent = count + ".";
    } else {
      status.textContent = count + " in " + span(wanted.filter((period) => period.opened))
        + "; " + span(left) + " not searched yet.";
      older.textContent = "Search " + span(left) + " too";
    }
    older.hidden = left.length === 0;
  }

  form.addEventListener("submit", (event) => { event.preventDefault(); run(false); });
  for (const control of [input, year, sort, chooser].filter(Boolean))
    control.addEventListener(control === input ? "input" : "change", () => run(false));
  more.addEventListener("click", showMore);
  older.addEventListener("click", () => run(true));

  status.textContent = "Loading the index…";
  load().then(() => {
    const params = new URLSearchParams(location.search);
    input.value = params.get("q") || "";
    year.value = params.get("year") || "";
    sort.value = params.get("sort") || "";
    if (chooser) chooser.value = params.get("list") || "";
    // ?budget=PAGES: how many pages' index a query merges without asking.
    if (Number(params.get("budget")) > 0) budget = Number(params.get("budget"));
    for (const key of ["month", "author"])
      if (params.get(key)) linked[key] = params.get(key);
    status.textContent = "";
    input.focus();
    return run(false);
  }).catch((error) => {
    status.textContent = "The search index could not be loaded: " + error;
  });
})();
