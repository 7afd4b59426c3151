import { defineConfig } from "vitest/config";

// The Tauri shell loads ui/dist through its custom protocol (tauri.conf.json).
export default defineConfig({
  clearScreen: false,
  server: { port: 5173, strictPort: true },
  build: {
    target: "safari15",
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // Two pages: the inspector and the play window (ui/play.html).
    rollupOptions: { input: { main: "index.html", play: "play.html" } },
  },
  test: { include: ["test/**/*.test.ts"], environment: "node" },
});
