import { vitePreprocess } from "@sveltejs/vite-plugin-svelte";

/** Svelte 5, runes everywhere, component styles emitted as CSS files (the strict CSP allows no inline style). */
export default {
  preprocess: vitePreprocess({ script: false }),
  compilerOptions: {
    runes: true,
    css: "external",
  },
  vitePlugin: {
    emitCss: true,
  },
};
