import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig, type Plugin } from "vite";
import { viteSingleFile } from "vite-plugin-singlefile";

// The one-file web player (scripts/build-web.sh): the studio's play code
// (src/play/, mounted by src/play/main.ts from player.html) with one module
// swapped, src/play/host.ts -> src/web/host.ts (the engine inside the page),
// and everything inlined into dist-web/player.html: script, styles and the
// engine's WebAssembly (base64), so the page opens from file:// with no request.

const webHost = fileURLToPath(new URL("src/web/host.ts", import.meta.url));
const playDir = fileURLToPath(new URL("src/play/", import.meta.url));

/** The play code's `./host` is the page's (the only module that differs from the window). */
export function pageHost(): Plugin {
  return {
    name: "contraption-page-host",
    enforce: "pre",
    resolveId(source, importer) {
      return source === "./host" && importer?.startsWith(playDir) ? webHost : null;
    },
  };
}

/** `virtual:contraption-engine`: the wasm file named by CONTRAPTION_WASM, as base64. */
function engineWasm(): Plugin {
  const id = "\0virtual:contraption-engine";
  return {
    name: "contraption-engine-wasm",
    resolveId: (source) => (source === "virtual:contraption-engine" ? id : null),
    load(loaded) {
      if (loaded !== id) return null;
      const path = process.env["CONTRAPTION_WASM"];
      if (!path) throw new Error("CONTRAPTION_WASM must name the engine's wasm file (scripts/build-web.sh builds it)");
      return `export default ${JSON.stringify(readFileSync(path).toString("base64"))};`;
    },
  };
}

export default defineConfig({
  clearScreen: false,
  plugins: [pageHost(), engineWasm(), svelte(), viteSingleFile({ removeViteModuleLoader: true })],
  build: {
    target: "es2022",
    outDir: "dist-web",
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: { input: "player.html" },
  },
});
