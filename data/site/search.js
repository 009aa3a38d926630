// search.js: the search page of an mlarc site (search.html), the only
// script of the site. It loads Pagefind's bundle of the first period and
// merges the others' (mergeIndex), then shows the messages that match:
// subject, author, date and excerpt, each linking to its message page.
(function () {
  "use strict";
  const PAGE = 20;
  const form = document.getElementById("search");
  const input = document.getElementById("q");
  const year = document.getElementById("year");
  const sort = document.getElementById("sort");
  const status = document.getElementById("status");
  const list = document.getElementById("results");
  const more = document.getElementById("more");
  const root = new URL(".", document.baseURI).pathname;
  const indexes = form.dataset.indexes.split(" ").filter(Boolean)
    .map((path) => new URL(path, document.baseURI).pathname);
  // The month and author filters come from the address only
  // (?month=2004-07, ?author=NAME), as a link can give them.
  const linked = {};
  let pagefind = null;
  let found = [];
  let shown = 0;

  if (location.protocol === "file:") {
    status.textContent = "Search needs the site served over http:// " +
      "(for a preview: python3 -m http.server -d SITE).";
    return;
  }

  async function load() {
    pagefind = await import(indexes[0] + "pagefind.js");
    await pagefind.options({ baseUrl: root, excerptLength: 24 });
    await pagefind.init();
    for (const path of indexes.slice(1))
      await pagefind.mergeIndex(path, { baseUrl: root });
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

  function item(data) {
    const li = document.createElement("li");
    const link = document.createElement("a");
    const meta = document.createElement("div");
    link.href = data.url;
    link.className = "subject";
    link.textContent = data.meta.title || data.url;
    meta.className = "meta";
    meta.textContent = [data.meta.author, data.meta.date].filter(Boolean).join(" · ");
    li.append(link, meta, excerpt(data.excerpt));
    return li;
  }

  async function showMore() {
    const page = found.slice(shown, shown + PAGE);
    shown += page.length;
    const data = await Promise.all(page.map((result) => result.data()));
    list.append(...data.map(item));
    more.hidden = shown >= found.length;
  }

  async function run() {
    const query = input.value.trim();
    const params = new URLSearchParams();
    if (query) params.set("q", query);
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
    const answer = await pagefind.debouncedSearch(query, options);
    if (answer === null)
      return;                     // a newer query took its place
    found = answer.results;
    shown = 0;
    list.replaceChildren();
    await showMore();
    // Said once the results are shown.
    status.textContent = found.length === 0 ? "No message found."
      : found.length === 1 ? "1 message found." : found.length + " messages found.";
  }

  form.addEventListener("submit", (event) => { event.preventDefault(); run(); });
  for (const control of [input, year, sort])
    control.addEventListener(control === input ? "input" : "change", run);
  more.addEventListener("click", showMore);

  status.textContent = "Loading the index…";
  load().then(() => {
    const params = new URLSearchParams(location.search);
    input.value = params.get("q") || "";
    year.value = params.get("year") || "";
    sort.value = params.get("sort") || "";
    for (const key of ["month", "author"])
      if (params.get(key)) linked[key] = params.get(key);
    status.textContent = "";
    input.focus();
    return run();
  }).catch((error) => {
    status.textContent = "The search index could not be loaded: " + error;
  });
})();
