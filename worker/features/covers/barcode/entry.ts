// bookclub-barcode: the Worker that reads EAN-13 barcodes for the page Worker, which calls it over
// its BARCODE service binding (docs/decisions/017-barcode-worker.md). ZXing's WASM lives here alone.
import { WorkerEntrypoint } from "cloudflare:workers";
import type { ImageType } from "@worker/core/shared/image-type";
import { readEan13 } from "./read-ean13";

/**
 * A reading, or why the file could not be decoded. Returned, not thrown: whatever the caller catches
 * then comes from the binding itself (not deployed, out of memory), which a retry may get past.
 */
export type Ean13Reading = { ean13: string | null } | { undecodable: string };

/** No bindings: the reader needs nothing but its own WASM module. */
type BarcodeEnv = Record<string, never>;

export default class BarcodeReader extends WorkerEntrypoint<BarcodeEnv> {
  /** The EAN-13 printed on a JPEG or PNG, or null; the WASM instance stays for the next photo (read-ean13.ts). */
  async readEan13(bytes: Uint8Array, type: ImageType): Promise<Ean13Reading> {
    try {
      return { ean13: await readEan13(bytes, type) };
    } catch (error) {
      return { undecodable: error instanceof Error ? error.message : String(error) };
    }
  }
}
