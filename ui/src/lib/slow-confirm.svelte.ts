/**
 * The window's one confirmation of slow rules: a feature that met the shell's
 * `slow_rules` refusal asks (`ask`, a `ConfirmSlow`), `SlowRulesDialog` shows the
 * question while one is pending, and the designer's answer resolves it. A new
 * question answers the pending one with no.
 */
import type { SlowRules } from "../bindings/SlowRules";
import type { SlowWhat } from "./slow-rules";

export interface SlowAsked {
  refusal: SlowRules;
  what: SlowWhat;
}

export class SlowConfirm {
  /** The question pending, or null. */
  asked = $state.raw<SlowAsked | null>(null);
  #resolve: ((yes: boolean) => void) | null = null;

  /** Asks whether to use `refusal`'s rules anyway; resolves with the answer. */
  ask = (refusal: SlowRules, what: SlowWhat): Promise<boolean> => {
    this.answer(false);
    return new Promise((resolve) => {
      this.#resolve = resolve;
      this.asked = { refusal, what };
    });
  };

  /** The designer's answer to the pending question (nothing when none is pending). */
  answer(yes: boolean): void {
    const resolve = this.#resolve;
    this.#resolve = null;
    this.asked = null;
    resolve?.(yes);
  }
}

/** The window's confirmation (each window has its own). */
export const slowConfirm = new SlowConfirm();
