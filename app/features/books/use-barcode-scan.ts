import { useEffect, useRef, useState } from "react";
import { createEan13Reader, type Ean13Reader } from "./ean13-reader";

/** A frame every ~200 ms: quick enough to feel instant, light enough for a phone's battery. */
export const SCAN_INTERVAL_MS = 200;

export type CameraState = "starting" | "scanning" | "camera-error" | "reader-error";

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * While `active`, shows the back camera in `video` and reads EAN-13s from it. `onCode` gets each
 * code read and answers whether to keep scanning (a price barcode) or stop (an ISBN). The camera
 * is asked for only here, so only after a press, and its tracks stop as soon as `active` is false
 * or the component unmounts.
 */
export function useBarcodeScan(
  video: React.RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (code: string) => "continue" | "stop",
  restartKey = 0,
) {
  const [state, setState] = useState<CameraState>("starting");
  const [engine, setEngine] = useState<Ean13Reader["engine"] | null>(null);
  const latestOnCode = useRef(onCode);
  useEffect(() => {
    latestOnCode.current = onCode;
  });

  // 0 while idle; a new number for each run, so restartKey starts the camera afresh after a failure.
  const run = active ? restartKey + 1 : 0;
  useEffect(() => {
    if (!run) return;
    const element = video.current;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState("starting");

    async function start() {
      // The decoder (and its WASM) loads while the browser asks for the camera.
      const reader = createEan13Reader();
      reader.catch(() => {}); // handled below, once the camera is on
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error("No camera API in this browser");
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch {
        if (!stopped) setState("camera-error");
        return;
      }
      if (stopped || !element) {
        stopTracks(stream);
        return;
      }
      element.srcObject = stream;
      await element.play().catch(() => {});
      let ready: Ean13Reader;
      try {
        ready = await reader;
      } catch {
        if (!stopped) setState("reader-error");
        return;
      }
      if (stopped) return;
      setEngine(ready.engine);
      setState("scanning");
      const tick = async () => {
        if (stopped) return;
        const code = await ready.read(element);
        if (stopped) return;
        if (code && latestOnCode.current(code) === "stop") return;
        timer = setTimeout(tick, SCAN_INTERVAL_MS);
      };
      void tick();
    }
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stopTracks(stream);
      if (element) element.srcObject = null;
    };
  }, [run, video]);

  return { state, engine };
}
