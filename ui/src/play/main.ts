/** The play window (play.html?seed=N): mounts PlayApp.svelte. */
import "../style.css";
import "./play.css";
import { mount } from "svelte";
import { recordCspViolations } from "../lib/csp";
import PlayApp from "./PlayApp.svelte";

recordCspViolations();
mount(PlayApp, { target: document.body });
