/** The play window (play.html?seed=N&rules=ID): mounts PlayApp.svelte. */
import "../style.css";
import { mount } from "svelte";
import { recordCspViolations } from "../lib/csp";
import PlayApp from "./PlayApp.svelte";
import { installProbe } from "./probe";

recordCspViolations();
installProbe();
mount(PlayApp, { target: document.body });
