// A `.wasm?module` import is a compiled WebAssembly.Module in the Workers runtime (the Cloudflare
// Vite plugin's CompiledWasm rule): Workers may not compile WASM from bytes at run time.
declare module "*.wasm?module" {
  const wasmModule: WebAssembly.Module;
  export default wasmModule;
}
