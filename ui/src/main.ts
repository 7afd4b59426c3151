/** The main window (index.html): mounts the shell, App.svelte. */
import "./style.css";
import { mount } from "svelte";
import App from "./App.svelte";
import { recordCspViolations } from "./lib/csp";

recordCspViolations();
mount(App, { target: document.body });
