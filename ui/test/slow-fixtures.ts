/** Slow-rules figures as the shell sends them (studio-core/src/slow.rs, contraption::work). */
import type { AnyCommandError } from "../src/lib/ipc";
import { CommandFailed } from "../src/lib/ipc";
import type { RulesCost } from "../src/bindings/RulesCost";
import type { SlowRules } from "../src/bindings/SlowRules";

const BUDGET = 2 ** 29;
const cost = (simulations: number, steps: number, units: number): RulesCost => ({
  worst_case: { simulations, steps, units, budget: BUDGET },
  seconds: units * 2.7e-9,
  budget_seconds: BUDGET * 2.7e-9,
  slow: units > BUDGET,
  describe: `worst case of one seed: ${simulations} simulations, ${steps} steps, ${units} units of work`,
});

/** The default rules' worst case (not slow). */
export const V1_COST = cost(5800, 8_352_000, 259_200_000);
/** Issue 24's attack: 10 attempts, 1,024 placements, 100,000 steps, 64 walls. */
export const ATTACK = cost(10_250, 1_025_000_000, 92_250_000_000);
/** The default rules with 64 walls: slow by the estimate, quick in fact. */
export const WALLS64 = cost(5800, 8_352_000, 751_680_000);

export const slowRules = (path: string | null, c: RulesCost, rules_id = "5ad0c0ffee00"): SlowRules => ({ path, rules_id, cost: c });

/** The shell's refusal of `s` from `command`, as `call()` throws it. */
export function refusedSlow(command: string, s: SlowRules): CommandFailed {
  const detail = { message: `${s.path ?? ""}: these rules (${s.rules_id}) are slow`, error: { kind: "slow_rules", ...s } } as AnyCommandError;
  return new CommandFailed(command, detail);
}
