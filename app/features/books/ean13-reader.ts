// Reads EAN-13 barcodes from a live <video>: the browser's own BarcodeDetector where it reads EAN-13,
// else ZXing (zxing-wasm, the package the Worker reads cover photos with). Loaded only with the
// scanner dialog, so no page pays for it until someone presses "Scan ISBN".
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

/** Frames wider than this are scaled down before decoding: a barcode needs no more, and WASM memory stays small. */
export const MAX_FRAME_WIDTH = 1280;

export interface Ean13Reader {
  /** The EAN-13 in the current frame (13 digits), or null. Never throws for a frame it cannot read. */
  read(video: HTMLVideoElement): Promise<string | null>;
  /** Which engine reads: the dialog names it in a data attribute (the e2e journey checks ZXing ran). */
  readonly engine: "native" | "zxing";
}

// The Shape Detection API is not in TypeScript's DOM library yet.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<BarcodeDetectorClass | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    return (await Detector.getSupportedFormats()).includes("ean_13") ? Detector : null;
  } catch {
    return null;
  }
}

function nativeReader(Detector: BarcodeDetectorClass): Ean13Reader {
  const detector = new Detector({ formats: ["ean_13"] });
  return {
    engine: "native",
    async read(video) {
      try {
        const [found] = await detector.detect(video);
        return found?.rawValue ?? null;
      } catch {
        return null;
      }
    },
  };
}

/** The current frame as pixels, at most MAX_FRAME_WIDTH wide. */
function frameOf(video: HTMLVideoElement, canvas: HTMLCanvasElement): ImageData | null {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight) return null;
  const scale = Math.min(1, MAX_FRAME_WIDTH / videoWidth);
  canvas.width = Math.round(videoWidth * scale);
  canvas.height = Math.round(videoHeight * scale);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

async function zxingReader(): Promise<Ean13Reader> {
  const zxing = await import("zxing-wasm/reader");
  // The binary comes from our own origin (the package would fetch it from a CDN, which the CSP refuses).
  await zxing.prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  const canvas = document.createElement("canvas");
  return {
    engine: "zxing",
    async read(video) {
      const frame = frameOf(video, canvas);
      if (!frame) return null;
      try {
        const results = await zxing.readBarcodes(frame, { formats: ["EAN13"], tryHarder: true, maxNumberOfSymbols: 1 });
        return results.find((result) => result.isValid)?.text ?? null;
      } catch {
        return null;
      }
    },
  };
}

/** The best reader this browser has; rejects only when ZXing cannot be loaded (offline, say). */
export async function createEan13Reader(): Promise<Ean13Reader> {
  const Detector = await nativeDetector();
  return Detector ? nativeReader(Detector) : zxingReader();
}
