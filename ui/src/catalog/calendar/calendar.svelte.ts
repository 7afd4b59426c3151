/**
 * The calendar view's state: the month shown (UTC) and its daily seeds. Only
 * the answer for the newest month asked is kept, so quick Prev/Next clicks
 * never leave an older month on screen.
 */
import type { CalendarMonth } from "../../bindings/CalendarMonth";
import { errorMessage } from "../../lib/ipc";
import * as api from "../api";
import { shiftMonth } from "../model";

export interface CalendarApi {
  calendar(year: number, month: number): Promise<CalendarMonth>;
}

export type MonthState = "idle" | "loading" | "ready" | "failed";

export class Calendar {
  /** The month shown (0 until the view is first shown). */
  year = $state(0);
  month = $state(0);
  data = $state.raw<CalendarMonth | null>(null);
  state = $state<MonthState>("idle");
  error = $state<string | null>(null);

  readonly #api: CalendarApi;
  readonly #today: () => Date;
  #request = 0;

  constructor(commands: CalendarApi, today: () => Date = () => new Date()) {
    this.#api = commands;
    this.#today = today;
  }

  /** Shows this month the first time, else reloads the month shown. */
  show(): Promise<void> {
    if (!this.year) return this.thisMonth();
    return this.#load();
  }

  /** This month (UTC). */
  thisMonth(): Promise<void> {
    const d = this.#today();
    this.year = d.getUTCFullYear();
    this.month = d.getUTCMonth() + 1;
    return this.#load();
  }

  /** The month `by` months away. */
  go(by: number): Promise<void> {
    const m = shiftMonth(this.year, this.month, by);
    this.year = m.year;
    this.month = m.month;
    return this.#load();
  }

  async #load(): Promise<void> {
    const request = ++this.#request;
    const { year, month } = this;
    this.state = "loading";
    try {
      const m = await this.#api.calendar(year, month);
      if (request !== this.#request) return;
      this.data = m;
      this.error = null;
      this.state = "ready";
    } catch (e) {
      if (request !== this.#request) return;
      this.error = errorMessage(e);
      this.state = "failed";
    }
  }
}

/** The main window's calendar. */
export const calendar = new Calendar(api);
