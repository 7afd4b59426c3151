/**
 * The "Share & export" card of the inspector: the seed's share code (one-click
 * copy), level-file and picture export through the shell's native save dialog,
 * and level-file import with verification. Everything from files is shown with
 * textContent, never as HTML.
 *
 * TODO(phase 2): DOM built by hand, mounted by the legacy inspector; replaced
 * by a component. Do not extend this file.
 */
import type { ImportedLevel } from "../bindings/ImportedLevel";
import type { ParsedSeed } from "../bindings/ParsedSeed";
import type { SharedSeed } from "../bindings/SharedSeed";
import type { WrittenFile } from "../bindings/WrittenFile";
import { errorMessage } from "../lib/ipc";
import * as api from "./api";
import { driftRows, importHeadline, PICTURE_SCALES, pictureSize, rulesWarning } from "./model";
import { h } from "../lib/dom";

/** What the card needs to know about the inspector. */
export interface ExchangeHost {
  /** The seed shown, as parsed. */
  parsed(): ParsedSeed | null;
  /** The rules version of the report shown. */
  rulesVersion(): number | null;
  /** The attempt selected (1-based). */
  attempt(): number | null;
  /** Opens a seed (as typed text) in the inspector. */
  open(text: string): void;
}


export interface ExchangeCard {
  /** Call after the inspector shows a new seed. */
  update(): void;
}

export function mountExchange(card: HTMLElement, warning: HTMLElement, host: ExchangeHost): ExchangeCard {
  card.replaceChildren();
  card.append(h("h3", "", "Share & export"));

  const codeRow = h("div", "share-row");
  const code = h("code", "share-code mono", "—");
  code.id = "share-code";
  const copy = h("button", "btn small", "Copy code");
  copy.type = "button";
  copy.id = "copy-share-code";
  copy.title = "Copy the share code: pasting it into the seed bar opens this level";
  codeRow.append(code, copy);

  const exportRow = h("div", "export-row");
  const level = h("button", "btn small", "Level file…");
  level.type = "button";
  level.id = "export-level";
  level.title = "Save the level as a versioned JSON file (the same bytes as `contraption export`)";
  const picture = h("button", "btn small", "Picture…");
  picture.type = "button";
  picture.id = "export-picture";
  picture.title = "Save the selected attempt as a PNG, with its solution";
  const sweep = h("button", "btn small", "Sweep picture…");
  sweep.type = "button";
  sweep.id = "export-sweep";
  sweep.title = "Save the selected attempt's 144 placements as a PNG";
  const scale = h("select", "scale-select");
  scale.id = "picture-scale";
  scale.title = "Picture scale (pixels per field unit)";
  for (const s of PICTURE_SCALES) {
    const o = h("option", "", `${s}× · ${pictureSize(s)}`);
    o.value = String(s);
    if (s === 6) o.selected = true;
    scale.append(o);
  }
  exportRow.append(level, picture, sweep, scale);

  const importRow = h("div", "export-row");
  const importBtn = h("button", "btn small", "Import level file…");
  importBtn.type = "button";
  importBtn.id = "import-level";
  importBtn.title = "Open a level file, check it, and regenerate its seed to compare";
  importRow.append(importBtn);

  const status = h("div", "exchange-status");
  status.id = "exchange-status";
  status.setAttribute("role", "status");
  card.append(codeRow, exportRow, importRow, status);

  let shared: SharedSeed | null = null;
  let busy = false;

  const say = (text: string, kind: "ok" | "error" | "info") => {
    status.replaceChildren(h("p", `exchange-${kind}`, text));
    status.dataset["kind"] = kind;
    card.scrollIntoView({ block: "nearest" });
  };

  async function run(work: () => Promise<void>): Promise<void> {
    if (busy) return;
    busy = true;
    card.classList.add("busy");
    try {
      await work();
    } catch (e) {
      say(errorMessage(e), "error");
    } finally {
      busy = false;
      card.classList.remove("busy");
    }
  }

  const written = (f: WrittenFile | null, what: string) => {
    if (f) say(`Saved the ${what} to ${f.path} (${f.bytes.toLocaleString("en")} bytes).`, "ok");
    else say(`Export cancelled.`, "info");
  };

  copy.addEventListener("click", () => {
    if (!shared) return;
    const text = shared.code;
    void navigator.clipboard
      .writeText(text)
      .catch(() => {
        const range = document.createRange();
        range.selectNodeContents(code);
        const sel = window.getSelection();
        sel?.removeAllRanges();
        sel?.addRange(range);
        document.execCommand("copy");
      })
      .then(() => {
        copy.textContent = "Copied";
        window.setTimeout(() => (copy.textContent = "Copy code"), 1200);
      });
  });

  level.addEventListener("click", () =>
    void run(async () => {
      const p = host.parsed();
      if (!p) return;
      const dailyKey = p.source.kind === "daily" ? p.source.key : null;
      written(await api.exportLevelFile(p.seed, dailyKey), "level file");
    }),
  );

  const exportPicture = (withSweep: boolean) =>
    void run(async () => {
      const p = host.parsed();
      if (!p) return;
      const f = await api.exportPicture(p.seed, host.attempt(), Number(scale.value), withSweep);
      written(f, withSweep ? "sweep picture" : "picture");
    });
  picture.addEventListener("click", () => exportPicture(false));
  sweep.addEventListener("click", () => exportPicture(true));

  importBtn.addEventListener("click", () =>
    void run(async () => {
      const imported = await api.importLevelFile();
      if (!imported) {
        say("Import cancelled.", "info");
        return;
      }
      showImport(imported);
    }),
  );

  function showImport(imported: ImportedLevel): void {
    const v = imported.verification;
    const box = h("div", `import-result ${v.identical ? "identical" : "drifted"}`);
    box.id = "import-result";
    box.dataset["identical"] = String(v.identical);
    box.dataset["seed"] = String(v.seed);
    box.append(h("p", v.identical ? "exchange-ok" : "exchange-warn", importHeadline(imported)));
    box.append(h("p", "muted mono", imported.path));
    if (!v.identical) {
      const table = h("table", "drift");
      const head = h("tr");
      head.append(h("th", "", "field"), h("th", "", "in the file"), h("th", "", "now"));
      table.append(head);
      for (const d of driftRows(v.drift)) {
        const tr = h("tr");
        tr.append(h("td", "mono", d.field), h("td", "mono", d.file), h("td", "mono", d.now));
        table.append(tr);
      }
      box.append(table);
    }
    const open = h("button", "btn small primary", `Open seed ${v.seed}`);
    open.type = "button";
    open.id = "open-imported";
    open.addEventListener("click", () => host.open(imported.file.daily_key ?? String(v.seed)));
    box.append(open);
    status.replaceChildren(box);
    status.dataset["kind"] = v.identical ? "ok" : "drift";
    card.scrollIntoView({ block: "nearest" });
  }

  return {
    update(): void {
      const p = host.parsed();
      const w = rulesWarning(p, host.rulesVersion());
      warning.textContent = w ?? "";
      warning.hidden = w === null;
      if (!p) return;
      void api.shareCode(p.seed).then((s) => {
        if (host.parsed()?.seed !== s.seed) return;
        shared = s;
        code.textContent = s.code;
        card.dataset["code"] = s.code;
      });
    },
  };
}
