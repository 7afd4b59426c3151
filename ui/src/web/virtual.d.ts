/** The engine's WebAssembly module in base64 (vite.web.config.ts makes it from the wasm file). */
declare module "virtual:contraption-engine" {
  const base64: string;
  export default base64;
}
