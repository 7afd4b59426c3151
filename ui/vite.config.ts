import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vitest/config";

// The Tauri shell loads ui/dist through its custom protocol (tauri.conf.json).
export default defineConfig(({ mode }) => {
  // Unit tests (vitest runs in mode "test") use the browser build of runes
  // modules (*.svelte.ts) and components with Svelte's browser runtime
  // (effects, flushSync), as the window does; vitest would otherwise compile
  // them for the server.
  const testing = mode === "test";
  return {
    clearScreen: false,
    plugins: [svelte(testing ? { dynamicCompileOptions: () => ({ generate: "client" as const }) } : {})],
    // "svelte" itself too: its default (server) export makes flushSync and tick no-ops.
    ...(testing ? { resolve: { conditions: ["browser"] }, ssr: { resolve: { conditions: ["browser"] } } } : {}),
    server: { port: 5173, strictPort: true },
    build: {
      target: "safari15",
      outDir: "dist",
      emptyOutDir: true,
      sourcemap: false,
      // Never inline assets as data: URLs (the CSP allows 'self' only).
      assetsInlineLimit: 0,
      // Two pages: the main window and the play window (ui/play.html).
      rollupOptions: { input: { main: "index.html", play: "play.html" } },
    },
    test: {
      include: ["test/**/*.test.ts"],
      environment: "node",
      server: { deps: { inline: [/svelte/] } },
    },
  };
});
