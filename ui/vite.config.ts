import { defineConfig } from "vitest/config";

// The Tauri shell loads ui/dist through its custom protocol (tauri.conf.json).
export default defineConfig({
  clearScreen: false,
  server: { port: 5173, strictPort: true },
  build: { target: "safari15", outDir: "dist", emptyOutDir: true, sourcemap: false },
  test: { include: ["test/**/*.test.ts"], environment: "node" },
});
