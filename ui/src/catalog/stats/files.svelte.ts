/**
 * The Statistics view's files: a whole-range summary file opened in place of the
 * catalog's statistics (until closed), and each chart's data saved as CSV. The
 * dialogs, the reading and the writing are the shell's (src-tauri/src/commands/
 * stats.rs); this keeps what the view shows and says.
 */
import type { ChartTable } from "../../bindings/ChartTable";
import type { RangeSummary } from "../../bindings/RangeSummary";
import type { WrittenFile } from "../../bindings/WrittenFile";
import { errorMessage } from "../../lib/ipc";
import * as api from "../api";

export interface StatsFilesApi {
  openRangeSummary(): Promise<RangeSummary | null>;
  exportChartCsv(table: ChartTable): Promise<WrittenFile | null>;
}

/** A line the view shows after a file action. */
export interface FileNote {
  kind: "ok" | "info" | "error";
  text: string;
}

export class StatsFiles {
  /** The summary file shown instead of the catalog's statistics, if one is open. */
  summary = $state.raw<RangeSummary | null>(null);
  note = $state.raw<FileNote | null>(null);
  busy = $state(false);

  readonly #api: StatsFilesApi;

  constructor(commands: StatsFilesApi) {
    this.#api = commands;
  }

  /** Asks for a summary file; a refused file leaves what is shown as it was and says why. */
  async open(): Promise<void> {
    await this.#run(async () => {
      const r = await this.#api.openRangeSummary();
      if (r) {
        this.summary = r;
        this.note = null;
      } else this.note = { kind: "info", text: "Nothing opened." };
    });
  }

  /** Back to the catalog's statistics. */
  close(): void {
    this.summary = null;
    this.note = null;
  }

  /** Saves `table` as CSV where the user says. */
  async exportCsv(table: ChartTable): Promise<void> {
    await this.#run(async () => {
      const f = await this.#api.exportChartCsv(table);
      this.note = f
        ? { kind: "ok", text: `Saved ${table.rows.length.toLocaleString("en-US")} rows to ${f.path} (${f.bytes.toLocaleString("en-US")} bytes).` }
        : { kind: "info", text: "Export cancelled." };
    });
  }

  async #run(work: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await work();
    } catch (e) {
      this.note = { kind: "error", text: errorMessage(e) };
    } finally {
      this.busy = false;
    }
  }
}

/** The main window's. */
export const statsFiles = new StatsFiles(api);
