/**
 * TODO(phase 2): the catalog views as they were before Svelte (seed browser
 * with scans, statistics, bookmarks, calendar), mounted by
 * LegacyCatalog.svelte into its four view roots; replaced by one component per
 * view. Do not extend this file.
 *
 * It reads the seed shown from the session and opens seeds in the inspector
 * through it (`session.show`); the catalog's info (seed count, moved-aside
 * file) lives in state.svelte.ts, shown by the shell's view bar and banner.
 *
 * Safety: every note, tag and message is put in the DOM as text (`textContent`),
 * never as HTML.
 */
import type { Bookmark } from "../bindings/Bookmark";
import type { BookmarkCheck } from "../bindings/BookmarkCheck";
import type { CalendarMonth } from "./api";
import type { CatalogInfo } from "../bindings/CatalogInfo";
import { session, type ViewName } from "../app/session.svelte";
import { GLOBAL, keymap } from "../lib/keys";
import { toast } from "../lib/toasts/toasts.svelte";
import { catalog } from "./state.svelte";
import type { Column } from "../bindings/Column";
import type { FieldRules } from "../lib/rules";
import type { ScanEvent } from "../bindings/ScanEvent";
import type { SeedSummary } from "../bindings/SeedSummary";
import type { Stats } from "../bindings/Stats";
import type { World } from "../bindings/World";
import { drawHistogram, drawLevelThumb, drawPlacementMap, drawShares, placementAt, placementMapLayout, type PlacementMapLayout } from "../draw/catalog";
import { prepareCanvas } from "../draw/view";
import * as ipc from "./api";
import {
  COLUMNS,
  MONTHS,
  PRESETS,
  calendarCells,
  dateForSeedBar,
  etaWords,
  filterWords,
  neighbours,
  pagesFor,
  parseFilter,
  parseRange,
  parseTags,
  percent,
  rateWords,
  shiftMonth,
  shippedWords,
  visibleRange,
  withFilter,
  type Filter,
} from "./model";
import { h } from "../lib/dom";

const ROW_H = 40;
const PAGE = 200;
const THUMB_W = 24;
const THUMB_H = 36;
const NEIGHBOURS = 4;

// ------------------------------------------------------------------ helpers


function button(label: string, cls: string, onClick: () => void, title = ""): HTMLButtonElement {
  const b = h("button", `btn ${cls}`.trim(), label);
  b.type = "button";
  if (title) b.title = title;
  b.addEventListener("click", onClick);
  return b;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function dpr(): number {
  return window.devicePixelRatio || 1;
}

/** Draws a world into a (possibly new) small canvas. */
function thumbCanvas(canvas: HTMLCanvasElement, w: number, hgt: number, world: World, rules: FieldRules): void {
  const ctx = prepareCanvas(canvas, w, hgt, dpr());
  drawLevelThumb(ctx, w, hgt, world, rules);
}

/** The seed the window shows. */
function inspectorSeed(): number | null {
  return session.seed?.seed ?? null;
}

/** Opens `text` (a seed, a date, …) in the inspector. */
function openInInspector(text: string): void {
  void session.show(text);
}

// ------------------------------------------------------------------ roots and the view shown

const roots = new Map<ViewName, HTMLElement>();
let view: ViewName = "inspector";

/** Tells the views which one is shown (LegacyCatalog.svelte calls it when the session's view changes). */
export function showView(v: ViewName): void {
  view = v;
  if (v === "seeds") browser.show();
  if (v === "stats") void stats.load();
  if (v === "bookmarks") void bookmarks.load();
  if (v === "calendar") void cal.show();
}

/** Re-reads the catalog's info (seed count, scans) into the shared catalog state. */
function refreshInfo(): Promise<void> {
  return catalog.refresh();
}

// ------------------------------------------------------------------ thumbnails (cached, batched)

const worldCache = new Map<number, World>();
let fieldRules: FieldRules | null = null;
const pendingThumbs = new Map<number, ((w: World) => void)[]>();
let thumbTimer = 0;

function withWorld(seed: number, draw: (w: World, rules: FieldRules) => void): void {
  const w = worldCache.get(seed);
  if (w && fieldRules) {
    draw(w, fieldRules);
    return;
  }
  const list = pendingThumbs.get(seed) ?? [];
  list.push((world) => fieldRules && draw(world, fieldRules));
  pendingThumbs.set(seed, list);
  if (!thumbTimer) thumbTimer = window.setTimeout(flushThumbs, 16);
}

async function flushThumbs(): Promise<void> {
  thumbTimer = 0;
  const seeds = [...pendingThumbs.keys()].slice(0, 128);
  const waiting = seeds.map((s) => [s, pendingThumbs.get(s)!] as const);
  for (const s of seeds) pendingThumbs.delete(s);
  if (pendingThumbs.size) thumbTimer = window.setTimeout(flushThumbs, 16);
  try {
    const t = await ipc.seedThumbnails(seeds);
    fieldRules = t.rules;
    for (const { seed, world } of t.worlds) worldCache.set(seed, world);
    for (const [s, fns] of waiting) {
      const w = worldCache.get(s);
      if (w) for (const f of fns) f(w);
    }
  } catch (e) {
    console.error("thumbnails", e);
  }
  if (worldCache.size > 4000) worldCache.clear();
}

// ------------------------------------------------------------------ seeds view: scans + browser

class Browser {
  readonly root = roots.get("seeds")!;
  filters: Filter[] = [];
  sort: Column = "seed";
  descending = false;
  total = 0;
  pages = new Map<number, SeedSummary[]>();
  loading = new Set<number>();
  generation = 0;
  selected: number | null = null;
  selectedIndex: number | null = null;
  scanJob: number | null = null;
  progressSeen = false;
  frameTimes: number[] = [];

  // DOM
  readonly fromInput = h("input", "num");
  readonly toInput = h("input", "num");
  readonly scanBtn = button("Scan", "primary", () => void this.scan());
  readonly cancelBtn = button("Cancel", "", () => void this.cancel());
  readonly progress = h("div", "scan-progress");
  readonly progressFill = h("div", "scan-fill");
  readonly scanText = h("div", "scan-text mono");
  readonly scanList = h("div", "scan-list");
  readonly filterInput = h("input", "filter-input");
  readonly chips = h("div", "filter-chips");
  readonly count = h("div", "browser-count");
  readonly head = h("div", "table-head");
  readonly scroller = h("div", "table-scroll");
  readonly spacer = h("div", "table-spacer");
  readonly rowsEl = h("div", "table-rows");
  readonly empty = h("div", "table-empty");
  readonly side = h("aside", "browser-side");
  readonly filterError = h("div", "filter-error");

  constructor() {
    const scanBar = h("div", "scanbar");
    this.fromInput.id = "scan-from";
    this.toInput.id = "scan-to";
    this.fromInput.value = "0";
    this.toInput.value = "2000";
    for (const i of [this.fromInput, this.toInput]) {
      i.type = "text";
      i.spellcheck = false;
      i.addEventListener("keydown", (e) => e.key === "Enter" && void this.scan());
    }
    this.scanBtn.id = "scan-start";
    this.cancelBtn.id = "scan-cancel";
    this.cancelBtn.disabled = true;
    this.progress.append(this.progressFill);
    this.progress.id = "scan-progress";
    this.scanText.id = "scan-status";
    scanBar.append(h("span", "label", "Scan seeds"), this.fromInput, h("span", "muted", "to"), this.toInput, h("span", "muted small", "(excluded)"), this.scanBtn, this.cancelBtn, this.progress, this.scanText);

    const filterBar = h("div", "filterbar");
    this.filterInput.id = "filter-input";
    this.filterInput.placeholder = "Filter: solving <= 3 · attempts >= 10 · fallback · walls = 0 … (Enter)";
    this.filterInput.spellcheck = false;
    this.filterInput.addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      const f = parseFilter(this.filterInput.value);
      if (!f) {
        this.filterError.textContent = `“${this.filterInput.value}” is not a filter: write COLUMN OP NUMBER, e.g. solving <= 3 (columns: seed, attempts, fallback, presolved, solving, walls, ramps, fans, bumpers, rules).`;
        this.filterError.hidden = false;
        return;
      }
      this.filterError.hidden = true;
      this.filterInput.value = "";
      this.setFilters(withFilter(this.filters, f));
    });
    this.filterError.hidden = true;
    const presets = h("div", "presets");
    for (const p of PRESETS) {
      const b = button(p.label, "small preset", () => this.setFilters(withFilter(this.filters, p.filter)));
      b.dataset["preset"] = p.label;
      presets.append(b);
    }
    this.chips.id = "filter-chips";
    this.count.id = "browser-count";
    filterBar.append(this.filterInput, presets, this.chips, this.count);

    // Table
    const table = h("div", "table");
    let x = THUMB_W + 22;
    this.head.append(h("div", "th thumb-col", ""));
    for (const c of COLUMNS) {
      const th = h("div", `th${c.numeric ? " num" : ""}${c.column ? " sortable" : ""}`, c.label);
      th.style.left = `${x}px`;
      th.style.width = `${c.width}px`;
      th.title = c.column ? `${c.title} — click to sort` : c.title;
      th.dataset["col"] = c.key;
      if (c.column) th.addEventListener("click", () => this.setSort(c.column!));
      this.head.append(th);
      x += c.width;
    }
    this.head.style.minWidth = `${x}px`;
    this.rowsEl.style.minWidth = `${x}px`;
    this.scroller.append(this.spacer, this.rowsEl, this.empty);
    this.scroller.id = "seed-table";
    this.scroller.tabIndex = 0;
    this.scroller.addEventListener("scroll", () => this.renderRows());
    this.scroller.addEventListener("keydown", (e) => this.key(e));
    table.append(this.head, this.scroller);
    new ResizeObserver(() => this.renderRows()).observe(this.scroller);

    const main = h("div", "browser-main");
    main.append(filterBar, this.filterError, table);
    const body = h("div", "browser-body");
    this.side.id = "neighbours";
    body.append(main, this.side);
    this.scanList.id = "scan-list";
    this.root.append(scanBar, this.scanList, body);
    this.renderSide();
  }

  shown = false;
  show(): void {
    if (!this.shown) {
      this.shown = true;
      void this.reload();
    } else this.renderRows();
    void refreshInfo();
  }

  setFilters(f: Filter[]): void {
    this.filters = f;
    this.renderChips();
    void this.reload();
  }

  setSort(c: Column): void {
    if (this.sort === c) this.descending = !this.descending;
    else {
      this.sort = c;
      this.descending = c !== "seed";
    }
    void this.reload();
  }

  renderChips(): void {
    this.chips.replaceChildren();
    for (const f of this.filters) {
      const chip = h("span", "chip on");
      chip.dataset["filter"] = filterWords(f);
      chip.append(h("span", "", filterWords(f)));
      const x = button("×", "chip-x", () => this.setFilters(this.filters.filter((g) => g !== f)), "remove this filter");
      chip.append(x);
      this.chips.append(chip);
    }
    if (this.filters.length > 1) this.chips.append(button("Clear all", "small", () => this.setFilters([])));
  }

  async reload(): Promise<void> {
    const gen = ++this.generation;
    this.pages.clear();
    this.loading.clear();
    for (const th of this.head.querySelectorAll<HTMLElement>(".th")) {
      const c = COLUMNS.find((k) => k.key === th.dataset["col"]);
      th.classList.toggle("sorted", !!c && c.column === this.sort);
      th.dataset["dir"] = c && c.column === this.sort ? (this.descending ? "desc" : "asc") : "";
    }
    try {
      const page = await ipc.querySeeds(this.query(0));
      if (gen !== this.generation) return;
      this.total = Number(page.total);
      this.pages.set(0, page.rows);
      this.count.textContent = `${this.total.toLocaleString("en-US")} seeds match`;
      this.count.dataset["total"] = String(this.total);
      this.scroller.scrollTop = 0;
      this.renderRows();
      document.body.dataset["browser"] = "ready";
    } catch (e) {
      this.count.textContent = errorText(e);
    }
  }

  query(page: number): ipc.SeedQuery {
    return { filters: this.filters, sort: this.sort, descending: this.descending, offset: page * PAGE, limit: PAGE };
  }

  async fetchPage(p: number): Promise<void> {
    if (this.pages.has(p) || this.loading.has(p)) return;
    const gen = this.generation;
    this.loading.add(p);
    try {
      const page = await ipc.querySeeds(this.query(p));
      if (gen !== this.generation) return;
      this.pages.set(p, page.rows);
      // Keep memory bounded when scrolling through 100k rows.
      if (this.pages.size > 40) for (const k of [...this.pages.keys()].slice(0, 10)) this.pages.delete(k);
      this.renderRows();
    } finally {
      this.loading.delete(p);
    }
  }

  row(i: number): SeedSummary | undefined {
    return this.pages.get(Math.floor(i / PAGE))?.[i % PAGE];
  }

  renderRows(): void {
    if (view !== "seeds") return;
    const t0 = performance.now();
    this.spacer.style.height = `${this.total * ROW_H}px`;
    this.empty.hidden = this.total > 0;
    this.empty.textContent = this.filters.length
      ? "No scanned seed matches these filters."
      : "The catalog is empty: scan a range of seeds above (e.g. 0 to 2000).";
    const [first, last] = visibleRange(this.scroller.scrollTop, this.scroller.clientHeight, ROW_H, this.total);
    for (const p of pagesFor(first, last, PAGE)) if (!this.pages.has(p)) void this.fetchPage(p);
    const frag = document.createDocumentFragment();
    for (let i = first; i < last; i++) {
      const r = this.row(i);
      const tr = h("div", "tr");
      tr.style.top = `${i * ROW_H}px`;
      tr.dataset["index"] = String(i);
      if (!r) {
        tr.classList.add("loading");
        frag.append(tr);
        continue;
      }
      tr.dataset["seed"] = String(r.seed);
      if (r.seed === this.selected) tr.classList.add("selected");
      if (r.fallback) tr.classList.add("fallback");
      const c = h("canvas", "thumb");
      const td0 = h("div", "td thumb-col");
      td0.append(c);
      tr.append(td0);
      const seed = r.seed;
      withWorld(seed, (w, rules) => {
        if (c.isConnected) thumbCanvas(c, THUMB_W, THUMB_H, w, rules);
      });
      let x = THUMB_W + 22;
      for (const col of COLUMNS) {
        const td = h("div", `td${col.numeric ? " num" : ""} col-${col.key}`, col.value(r));
        td.style.left = `${x}px`;
        td.style.width = `${col.width}px`;
        if (col.key === "shipped") td.classList.add(`shipped-${r.shipped}`);
        if (col.key === "solving") {
          if (r.solving <= 1) td.classList.add("hard");
          else if (r.solving >= 10) td.classList.add("trivial");
          const meter = h("span", "meter");
          meter.style.width = `${Math.min(100, (r.solving / 31) * 100)}%`;
          td.append(meter);
        }
        tr.append(td);
        x += col.width;
      }
      tr.addEventListener("click", () => this.select(r.seed, i));
      tr.addEventListener("dblclick", () => openInInspector(String(r.seed)));
      frag.append(tr);
    }
    this.rowsEl.replaceChildren(frag);
    this.frameTimes.push(performance.now() - t0);
    if (this.frameTimes.length > 600) this.frameTimes.splice(0, 300);
  }

  select(seed: number, index: number | null): void {
    this.selected = seed;
    this.selectedIndex = index;
    for (const tr of this.rowsEl.querySelectorAll<HTMLElement>(".tr")) tr.classList.toggle("selected", tr.dataset["seed"] === String(seed));
    this.renderSide();
  }

  key(e: KeyboardEvent): void {
    if (this.selectedIndex === null) return;
    let i = this.selectedIndex;
    if (e.key === "ArrowDown" || e.key === "j") i++;
    else if (e.key === "ArrowUp" || e.key === "k") i--;
    else if (e.key === "Enter" && this.selected !== null) {
      openInInspector(String(this.selected));
      return;
    } else return;
    e.preventDefault();
    e.stopPropagation();
    i = Math.max(0, Math.min(this.total - 1, i));
    const r = this.row(i);
    if (!r) return;
    const top = i * ROW_H;
    if (top < this.scroller.scrollTop) this.scroller.scrollTop = top;
    if (top + ROW_H > this.scroller.scrollTop + this.scroller.clientHeight) this.scroller.scrollTop = top + ROW_H - this.scroller.clientHeight;
    this.select(r.seed, i);
  }

  renderSide(): void {
    this.side.replaceChildren();
    const seed = this.selected;
    if (seed === null) {
      this.side.append(h("h3", "", "Neighbours"), h("p", "muted", "Select a row to see the seed and its neighbours (seed ± 4) as pictures. Double-click or Enter opens it in the inspector."));
      return;
    }
    const head = h("div", "side-head");
    head.append(h("h3", "", `Seed ${seed}`));
    const open = button("Open in inspector", "primary small", () => openInInspector(String(seed)));
    open.id = "open-selected";
    const bm = button("☆ Bookmark", "small", () => openBookmarkForm(seed));
    head.append(open, bm);
    const big = h("canvas", "big-thumb");
    withWorld(seed, (w, rules) => thumbCanvas(big, 150, 225, w, rules));
    const grid = h("div", "neighbour-grid");
    grid.id = "neighbour-grid";
    for (const n of neighbours(seed, NEIGHBOURS)) {
      const cell = h("button", `neighbour${n === seed ? " self" : ""}`);
      cell.type = "button";
      cell.dataset["seed"] = String(n);
      cell.title = `Open seed ${n} in the inspector`;
      const c = h("canvas", "");
      withWorld(n, (w, rules) => thumbCanvas(c, 64, 96, w, rules));
      cell.append(c, h("span", "mono", String(n)));
      cell.addEventListener("click", () => openInInspector(String(n)));
      grid.append(cell);
    }
    const row = this.selectedIndex !== null ? this.row(this.selectedIndex) : undefined;
    const facts = h("dl", "facts");
    if (row && row.seed === seed) {
      const add = (k: string, v: string) => facts.append(h("dt", "", k), h("dd", "", v));
      add("shipped", shippedWords[row.shipped]);
      add("attempts", `${row.attempts} (${row.pre_solved} preSolved)`);
      add("solving", `${row.solving} of 144`);
      add("inventory", `${row.inventory.ramp} ramp · ${row.inventory.fan} fan · ${row.inventory.bumper} bumper`);
      add("level hash", row.level_hash);
    }
    this.side.append(head, big, facts, h("h3", "", `Neighbours (seed ± ${NEIGHBOURS})`), grid);
  }

  // --- scans
  async scan(resume?: { from: number; to: number }): Promise<void> {
    const range = resume ?? parseRange(this.fromInput.value, this.toInput.value);
    if (!range) {
      this.scanText.textContent = "The range needs two seeds FROM < TO (TO excluded, at most 4294967296).";
      this.scanText.classList.add("bad");
      return;
    }
    this.scanText.classList.remove("bad");
    this.scanBtn.disabled = true;
    this.cancelBtn.disabled = false;
    this.root.dataset["scan"] = "running";
    this.progressFill.style.width = "0%";
    this.scanText.textContent = `starting ${range.from}..${range.to}…`;
    this.progressSeen = false;
    let lastReload = 0;
    try {
      const out = await ipc.startScan(range.from, range.to, (e) => {
        this.onScanEvent(e);
        // Let the table follow a long scan without re-querying on every chunk.
        if (e.event === "progress" && performance.now() - lastReload > 1500) {
          lastReload = performance.now();
          void this.reload();
          void refreshInfo();
        }
      });
      this.root.dataset["scan"] = out.end;
      this.root.dataset["scanned"] = String(out.scanned);
    } catch (e) {
      this.scanText.textContent = errorText(e);
      this.scanText.classList.add("bad");
      this.root.dataset["scan"] = "failed";
    } finally {
      this.scanJob = null;
      this.scanBtn.disabled = false;
      this.cancelBtn.disabled = true;
      await this.reload();
      await refreshInfo();
      stats.stale = true;
    }
  }

  onScanEvent(e: ScanEvent): void {
    const fill = (done: number, total: number) => (this.progressFill.style.width = `${total ? (100 * done) / total : 0}%`);
    switch (e.event) {
      case "started":
        this.scanJob = e.job;
        // Channel messages may overtake each other: never step back from a later progress line.
        if (this.progressSeen) break;
        fill(Number(e.done), Number(e.total));
        this.scanText.textContent = `${e.resumed ? "resuming" : "scanning"} ${e.from}..${e.to}: ${Number(e.done).toLocaleString("en-US")} of ${Number(e.total).toLocaleString("en-US")} stored`;
        break;
      case "progress":
        this.progressSeen = true;
        fill(Number(e.done), Number(e.total));
        this.scanText.textContent = `${Number(e.done).toLocaleString("en-US")} / ${Number(e.total).toLocaleString("en-US")} · ${rateWords(e.seeds_per_second)} · ${etaWords(e.eta_seconds)}`;
        break;
      case "finished":
        fill(1, 1);
        this.scanText.textContent = `done: ${Number(e.total).toLocaleString("en-US")} seeds · ${rateWords(e.seeds_per_second)} · ${(e.elapsed_ms / 1000).toFixed(1)} s`;
        this.root.dataset["rate"] = String(e.seeds_per_second);
        break;
      case "cancelled":
        this.scanText.textContent = `cancelled at ${Number(e.done).toLocaleString("en-US")} of ${Number(e.total).toLocaleString("en-US")}: everything stored so far is kept; Resume continues from there`;
        break;
    }
  }

  async cancel(): Promise<void> {
    if (this.scanJob !== null) await ipc.cancelJob(this.scanJob);
  }

  renderScans(info: CatalogInfo): void {
    this.scanList.replaceChildren();
    const scans = info.scans.slice(0, 6);
    if (!scans.length) return;
    this.scanList.append(h("span", "muted", "Scans:"));
    for (const s of scans) {
      const from = Number(s.from);
      const to = Number(s.to);
      const done = Number(s.next) - from;
      const item = h("span", `scan-item ${s.state}`);
      item.append(h("span", "mono", `${from}..${to}`), h("span", "muted", s.state === "done" ? " done" : ` ${percent(done, to - from, 0)} ${s.state === "running" ? "(interrupted)" : "cancelled"}`));
      if (s.state !== "done" && s.rules_version === info.rules_version && this.scanJob === null) {
        const r = button("Resume", "small", () => void this.scan({ from, to }));
        r.dataset["resume"] = `${from}..${to}`;
        item.append(r);
      }
      this.scanList.append(item);
    }
  }
}

// ------------------------------------------------------------------ statistics

class StatsView {
  readonly root = roots.get("stats")!;
  stale = true;
  data: Stats | null = null;
  filtered = false;
  readonly summary = h("div", "stat-cards");
  readonly attempts = h("canvas", "chart");
  readonly solving = h("canvas", "chart");
  readonly shares = h("canvas", "shares");
  readonly legend = h("div", "share-legend");
  readonly map = h("canvas", "chart map");
  readonly mapTip = h("div", "map-tip mono");
  readonly useFilters = h("input");
  mapLayout: PlacementMapLayout | null = null;

  constructor() {
    const head = h("div", "stats-head");
    this.useFilters.type = "checkbox";
    this.useFilters.id = "stats-use-filters";
    const lab = h("label", "toggle");
    lab.append(this.useFilters, h("span", "", "only the seeds that match the browser's filters"));
    this.useFilters.addEventListener("change", () => {
      this.stale = true;
      void this.load();
    });
    head.append(h("h2", "", "Statistics of the scanned seeds"), lab);
    const card = (title: string, body: HTMLElement[], cls = "") => {
      const c = h("section", `chart-card ${cls}`);
      c.append(h("h3", "", title), ...body);
      return c;
    };
    this.attempts.id = "chart-attempts";
    this.solving.id = "chart-solving";
    this.map.id = "chart-map";
    this.shares.id = "chart-shares";
    this.summary.id = "stat-cards";
    const grid = h("div", "stats-grid");
    grid.append(
      card("Attempts per seed", [this.attempts]),
      card("Solving placements (of 144) in the shipped level", [this.solving]),
      card("What shipped", [this.shares, this.legend], "wide"),
      card("Which sweep placements solve most often (share of seeds each solves)", [this.map, this.mapTip], "wide"),
    );
    this.map.addEventListener("mousemove", (e) => this.hover(e));
    this.map.addEventListener("mouseleave", () => (this.mapTip.textContent = "Hover a cell: its position, tilt and how many seeds it solves."));
    this.root.append(head, this.summary, grid);
    new ResizeObserver(() => this.data && this.draw()).observe(grid);
  }

  async load(): Promise<void> {
    if (!this.stale && this.data) {
      this.draw();
      return;
    }
    try {
      const filters = this.useFilters.checked ? browser.filters : [];
      this.data = await ipc.catalogStats(filters);
      if (!fieldRules) fieldRules = (await ipc.seedThumbnails([])).rules;
      this.stale = false;
      this.draw();
      this.root.dataset["seeds"] = String(this.data.seeds);
    } catch (e) {
      this.summary.replaceChildren(h("p", "bad", errorText(e)));
    }
  }

  draw(): void {
    const s = this.data;
    if (!s || view !== "stats" || !fieldRules) return;
    const seeds = Number(s.seeds);
    this.summary.replaceChildren();
    const stat = (label: string, value: string, sub: string, cls = "") => {
      const c = h("div", `stat ${cls}`);
      c.append(h("div", "stat-value", value), h("div", "stat-label", label), h("div", "stat-sub muted", sub));
      c.dataset["stat"] = label;
      this.summary.append(c);
    };
    const attemptsTotal = s.attempts_histogram.reduce((a, [k, n]) => a + Number(k) * Number(n), 0);
    const solvingSorted = s.solving_histogram.map(([k, n]) => [Number(k), Number(n)] as const);
    let median = 0;
    let acc = 0;
    for (const [k, n] of solvingSorted) {
      acc += n;
      if (acc * 2 >= seeds) {
        median = k;
        break;
      }
    }
    stat("seeds", seeds.toLocaleString("en-US"), this.useFilters.checked && browser.filters.length ? browser.filters.map(filterWords).join(", ") : "all scanned");
    stat("fallback rate", percent(Number(s.fallback), seeds, 2), `${Number(s.fallback)} fallback levels · the bar is ≤ 5%`, s.fallback_rate > 0.05 ? "bad" : "good");
    stat("mean attempts", seeds ? (attemptsTotal / seeds).toFixed(2) : "—", `${Number(s.pre_solved_rejections).toLocaleString("en-US")} preSolved rejections`);
    stat("median solving", seeds ? String(median) : "—", "placements of 144");
    if (seeds === 0) {
      this.summary.append(h("p", "muted", "Nothing scanned yet: scan a range in the Seeds view."));
    }
    const w = (c: HTMLCanvasElement) => Math.max(200, (c.parentElement?.clientWidth ?? 400) - 24);
    const bars = (hist: [number, number][]) => {
      if (!hist.length) return [];
      const m = new Map(hist.map(([k, n]) => [Number(k), Number(n)]));
      const lo = Math.min(...m.keys());
      const hi = Math.max(...m.keys());
      const out = [];
      for (let k = lo; k <= hi; k++) out.push({ label: String(k), value: m.get(k) ?? 0 });
      return out;
    };
    const aw = w(this.attempts);
    drawHistogram(prepareCanvas(this.attempts, aw, 200, dpr()), aw, 200, bars(s.attempts_histogram), "#5aa9ff");
    const sw = w(this.solving);
    drawHistogram(prepareCanvas(this.solving, sw, 200, dpr()), sw, 200, bars(s.solving_histogram), "#3ddc84");
    const shares = [
      { label: "accepted", value: Number(s.accepted), color: "#3ddc84" },
      { label: "fallback", value: Number(s.fallback), color: "#ffb547" },
      { label: "all 40 preSolved", value: Number(s.all_pre_solved), color: "#ff6b6b" },
    ];
    const shw = w(this.shares);
    drawShares(prepareCanvas(this.shares, shw, 28, dpr()), shw, 28, shares);
    this.legend.replaceChildren();
    for (const x of shares) {
      const item = h("span", "legend-item");
      const sw2 = h("span", "swatch");
      sw2.style.background = x.color;
      item.append(sw2, h("span", "", `${x.label}: ${x.value.toLocaleString("en-US")} (${percent(x.value, seeds, 2)})`));
      item.dataset["share"] = x.label;
      this.legend.append(item);
    }
    const mw = w(this.map);
    const solves = s.placement_solves.map(Number);
    const mh = placementMapLayout(mw, 10000, fieldRules).cell * fieldRules.sweep_ys.length + 24;
    this.mapLayout = drawPlacementMap(prepareCanvas(this.map, mw, Math.min(mh, 420), dpr()), mw, Math.min(mh, 420), solves, seeds, fieldRules);
    if (!this.mapTip.textContent) this.mapTip.textContent = "Hover a cell: its position, tilt and how many seeds it solves.";
  }

  hover(e: MouseEvent): void {
    if (!this.mapLayout || !fieldRules || !this.data) return;
    const r = this.map.getBoundingClientRect();
    const i = placementAt(this.mapLayout, e.clientX - r.left, e.clientY - r.top, fieldRules);
    if (i === null) return;
    const na = fieldRules.sweep_angles.length;
    const ny = fieldRules.sweep_ys.length;
    const x = fieldRules.sweep_xs[Math.floor(i / (na * ny))];
    const y = fieldRules.sweep_ys[Math.floor(i / na) % ny];
    const a = fieldRules.sweep_angles[i % na];
    const n = Number(this.data.placement_solves[i] ?? 0n);
    this.mapTip.textContent = `placement ${i}: ramp at (${x}, ${y}), tilt ${a} rad — solves ${n.toLocaleString("en-US")} of ${Number(this.data.seeds).toLocaleString("en-US")} seeds (${percent(n, Number(this.data.seeds))})`;
  }
}

// ------------------------------------------------------------------ bookmarks

const dialog = h("div", "bm-dialog");
dialog.hidden = true;
dialog.setAttribute("role", "dialog");

/** The add / edit form (a small overlay). */
export function openBookmarkForm(seed: number | null, existing?: Bookmark): void {
  if (seed === null) return;
  dialog.replaceChildren();
  const card = h("form", "bm-card");
  card.id = "bookmark-form";
  const title = existing ? `Edit bookmark of seed ${seed}` : `Bookmark seed ${seed}`;
  const note = h("textarea", "bm-note");
  note.id = "bookmark-note";
  note.placeholder = "Note: why this seed matters";
  note.value = existing?.note ?? "";
  const tags = h("input", "bm-tags");
  tags.id = "bookmark-tags";
  tags.placeholder = "Tags, separated by commas or spaces (hard, fan, daily…)";
  tags.value = existing?.tags.join(", ") ?? "";
  const err = h("div", "bad");
  const save = h("button", "btn primary", existing ? "Save" : "Add bookmark");
  save.type = "submit";
  save.id = "bookmark-save";
  const cancel = button("Cancel", "", () => (dialog.hidden = true));
  const actions = h("div", "bm-actions");
  actions.append(cancel, save);
  const preview = h("canvas", "bm-thumb");
  withWorld(seed, (w, rules) => thumbCanvas(preview, 60, 90, w, rules));
  const fields = h("div", "bm-fields");
  fields.append(h("h3", "", title), note, tags, err, actions);
  card.append(preview, fields);
  card.addEventListener("submit", (e) => {
    e.preventDefault();
    void (async () => {
      const input = { note: note.value, tags: parseTags(tags.value) };
      try {
        if (existing) await ipc.editBookmark(Number(existing.id), input);
        else await ipc.bookmarkSeed(seed, input);
        dialog.hidden = true;
        flash(existing ? `Bookmark of seed ${seed} saved` : `Seed ${seed} bookmarked`);
        await bookmarks.load();
      } catch (ex) {
        err.textContent = errorText(ex);
      }
    })();
  });
  card.addEventListener("keydown", (e) => {
    if (e.key === "Escape") dialog.hidden = true;
  });
  dialog.append(card);
  dialog.hidden = false;
  note.focus();
}

function flash(text: string): void {
  toast(text);
}

class BookmarksView {
  readonly root = roots.get("bookmarks")!;
  readonly search = h("input", "bm-search");
  readonly list = h("div", "bm-list");
  readonly checkOut = h("div", "bm-check");
  checks = new Map<number, BookmarkCheck>();
  searchTimer = 0;

  constructor() {
    const head = h("div", "bm-head");
    this.search.id = "bookmark-search";
    this.search.placeholder = "Search notes, tags and seeds";
    this.search.spellcheck = false;
    this.search.addEventListener("input", () => {
      window.clearTimeout(this.searchTimer);
      this.searchTimer = window.setTimeout(() => void this.load(), 150);
    });
    const add = button("☆ Bookmark the inspector's seed", "primary", () => openBookmarkForm(inspectorSeed()));
    const check = button("Check bookmarks", "", () => void this.check(), "Regenerate every bookmarked seed and report the levels that changed");
    check.id = "bookmark-check";
    head.append(h("h2", "", "Bookmarks"), this.search, add, check);
    this.list.id = "bookmark-list";
    this.checkOut.id = "bookmark-check-result";
    this.root.append(head, this.checkOut, this.list);
  }

  async load(): Promise<void> {
    try {
      const items = await ipc.listBookmarks(this.search.value.trim() || null);
      this.render(items);
    } catch (e) {
      this.list.replaceChildren(h("p", "bad", errorText(e)));
    }
  }

  render(items: Bookmark[]): void {
    this.list.replaceChildren();
    this.root.dataset["count"] = String(items.length);
    if (!items.length) {
      this.list.append(h("p", "muted empty", this.search.value.trim() ? "No bookmark matches." : "No bookmarks yet. Bookmark a seed from the inspector (☆ in the view bar), the seed browser or the calendar."));
      return;
    }
    for (const b of items) {
      const card = h("article", "bm-item");
      card.dataset["seed"] = String(b.seed);
      card.dataset["id"] = String(b.id);
      const c = h("canvas", "bm-thumb");
      withWorld(b.seed, (w, rules) => thumbCanvas(c, 48, 72, w, rules));
      const body = h("div", "bm-body");
      const top = h("div", "bm-top");
      top.append(h("span", "bm-seed mono", String(b.seed)));
      for (const t of b.tags) top.append(h("span", "tag", t));
      const note = h("p", "bm-note-text", b.note || "(no note)");
      if (!b.note) note.classList.add("muted");
      const meta = h("div", "bm-meta muted mono", `hash ${b.level_hash} · rules v${b.rules_version} · saved ${b.created_at.replace("T", " ").replace("Z", " UTC")}${b.updated_at !== b.created_at ? ` · edited ${b.updated_at.replace("T", " ").replace("Z", " UTC")}` : ""}`);
      body.append(top, note, meta);
      const chk = this.checks.get(Number(b.id));
      if (chk) {
        const st = h("div", `bm-status ${chk.changed ? "changed" : "same"}`, chk.changed ? `CHANGED: now ${chk.current_hash} (rules v${chk.current_rules_version})` : `unchanged (rules v${chk.current_rules_version})`);
        body.append(st);
      }
      const actions = h("div", "bm-item-actions");
      actions.append(
        button("Open", "small primary", () => openInInspector(String(b.seed))),
        button("Edit", "small", () => openBookmarkForm(b.seed, b)),
        button("Delete", "small danger", () => void this.remove(b)),
      );
      card.append(c, body, actions);
      this.list.append(card);
    }
  }

  async remove(b: Bookmark): Promise<void> {
    if (!window.confirm(`Delete the bookmark of seed ${b.seed}?`)) return;
    try {
      await ipc.removeBookmark(Number(b.id));
      flash(`Bookmark of seed ${b.seed} deleted`);
      await this.load();
    } catch (e) {
      flash(errorText(e));
    }
  }

  async check(): Promise<void> {
    this.checkOut.textContent = "Regenerating every bookmarked seed…";
    try {
      const t0 = performance.now();
      const res = await ipc.verifyBookmarks();
      this.checks = new Map(res.map((c) => [Number(c.bookmark.id), c]));
      const changed = res.filter((c) => c.changed);
      this.checkOut.className = `bm-check ${changed.length ? "changed" : "same"}`;
      this.checkOut.textContent = changed.length
        ? `${changed.length} of ${res.length} bookmarked levels changed: ${changed.map((c) => c.bookmark.seed).join(", ")}`
        : `All ${res.length} bookmarked levels are unchanged (${(performance.now() - t0).toFixed(0)} ms).`;
      this.checkOut.dataset["changed"] = String(changed.length);
      this.checkOut.dataset["checked"] = String(res.length);
      await this.load();
    } catch (e) {
      this.checkOut.textContent = errorText(e);
    }
  }
}

// ------------------------------------------------------------------ calendar

class CalendarView {
  readonly root = roots.get("calendar")!;
  year = 0;
  month = 0;
  readonly title = h("h2", "cal-title");
  readonly grid = h("div", "cal-grid");
  readonly status = h("span", "muted");
  request = 0;

  constructor() {
    const head = h("div", "cal-head");
    const prev = button("‹ Prev", "", () => void this.go(-1), "previous month");
    prev.id = "cal-prev";
    const next = button("Next ›", "", () => void this.go(1), "next month");
    next.id = "cal-next";
    const today = button("This month", "", () => {
      const d = new Date();
      this.year = d.getUTCFullYear();
      this.month = d.getUTCMonth() + 1;
      void this.load();
    });
    this.title.id = "cal-title";
    this.grid.id = "cal-grid";
    const legend = h("div", "cal-legend muted");
    legend.append(h("span", "flag fallback", "fallback"), h("span", "", " shipped the fallback  "), h("span", "flag trivial", "nearly trivial"), h("span", "", " ≥ 10 of 144 placements solve · dates in UTC"));
    head.append(prev, this.title, next, today, legend, this.status);
    this.root.append(head, this.grid);
  }

  async show(): Promise<void> {
    if (!this.year) {
      const d = new Date();
      this.year = d.getUTCFullYear();
      this.month = d.getUTCMonth() + 1;
    }
    await this.load();
  }

  async go(by: number): Promise<void> {
    const m = shiftMonth(this.year, this.month, by);
    this.year = m.year;
    this.month = m.month;
    await this.load();
  }

  async load(): Promise<void> {
    const req = ++this.request;
    this.title.textContent = `${MONTHS[this.month - 1]} ${this.year}`;
    this.status.textContent = "generating the month's daily levels…";
    this.root.dataset["state"] = "loading";
    try {
      const m = await ipc.calendar(this.year, this.month);
      if (req !== this.request) return;
      fieldRules = m.rules;
      this.render(m);
      this.status.textContent = "";
      this.root.dataset["state"] = "ready";
      this.root.dataset["month"] = `${m.year}-${m.month}`;
    } catch (e) {
      this.status.textContent = errorText(e);
    }
  }

  render(m: CalendarMonth): void {
    this.grid.replaceChildren();
    for (const d of ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]) this.grid.append(h("div", "cal-dow", d));
    for (const day of calendarCells(m.first_weekday, m.days)) {
      if (!day) {
        this.grid.append(h("div", "cal-cell blank"));
        continue;
      }
      const e = day.entry;
      const cell = h("button", "cal-cell");
      cell.type = "button";
      cell.dataset["date"] = e.date;
      cell.dataset["seed"] = String(e.seed);
      cell.dataset["key"] = e.key;
      if (e.date === m.today) cell.classList.add("today");
      if (e.fallback) cell.classList.add("is-fallback");
      if (e.nearly_trivial) cell.classList.add("is-trivial");
      cell.title = `Open ${e.key} (seed ${e.seed}) in the inspector`;
      const c = h("canvas", "cal-thumb");
      const top = h("div", "cal-top");
      top.append(h("span", "cal-day", String(Number(e.date.slice(8)))));
      if (e.date === m.today) top.append(h("span", "flag today", "today"));
      if (e.fallback) top.append(h("span", "flag fallback", "fallback"));
      if (e.nearly_trivial) top.append(h("span", "flag trivial", "nearly trivial"));
      const info = h("div", "cal-info");
      info.append(h("div", "cal-seed mono", String(e.seed)), h("div", "cal-key mono muted", e.key), h("div", "cal-solving muted", `${e.summary.solving}/144 solve · ${e.summary.attempts} att.`));
      const body = h("div", "cal-body");
      body.append(c, info);
      cell.append(top, body);
      cell.addEventListener("click", () => openInInspector(dateForSeedBar(e.date)));
      this.grid.append(cell);
      thumbCanvas(c, 44, 66, day.world, m.rules);
    }
  }
}

// ------------------------------------------------------------------ start

let browser!: Browser;
let stats!: StatsView;
let bookmarks!: BookmarksView;
let cal!: CalendarView;

/** The four view roots, from LegacyCatalog.svelte. */
export interface CatalogRoots {
  seeds: HTMLElement;
  stats: HTMLElement;
  bookmarks: HTMLElement;
  calendar: HTMLElement;
}

/** Builds the four views into their roots; returns the function that unregisters the catalog's key. */
export function mountCatalog(r: CatalogRoots): () => void {
  roots.set("seeds", r.seeds);
  roots.set("stats", r.stats);
  roots.set("bookmarks", r.bookmarks);
  roots.set("calendar", r.calendar);
  r.bookmarks.after(dialog);
  browser = new Browser();
  stats = new StatsView();
  bookmarks = new BookmarksView();
  cal = new CalendarView();
  return keymap.register(GLOBAL, "Catalog", [
    { keys: ["b"], description: "bookmark the seed shown", run: () => openBookmarkForm(inspectorSeed()) },
  ]);
}

/** Shows the scans of `info` in the seed browser (LegacyCatalog.svelte calls it when the info changes). */
export function renderScans(info: CatalogInfo): void {
  browser.renderScans(info);
}

/** Probes for the e2e suite: browser render times (ms per visible-rows render). */
(window as unknown as { __catalogPerf: () => unknown }).__catalogPerf = () => ({ rowRenders: browser.frameTimes.slice() });
