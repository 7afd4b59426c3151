/**
 * The main window's Tune view state, wired to the other views: a tuned rule
 * set made the draft shows in the Rules view, and "Open in A/B" runs the A/B
 * view with A the rules in force and B the draft on the tune's seeds.
 */
import { ab } from "../ab/state.svelte";
import { session } from "../app/session.svelte";
import { rulesState } from "../rules/state.svelte";
import * as api from "./api";
import { TuneState } from "./state.svelte";
import { WhatState } from "./what.svelte";

export const tune = new TuneState(api, {
  onDraft: (d) => rulesState.adopt(d),
  openAb: (from, to) => {
    ab.a = "in_force";
    ab.b = "draft";
    ab.fromText = String(from);
    ab.toText = String(to);
    session.view = "lab";
    void ab.run();
  },
});

export const what = new WhatState(api, tune);
