// The camera of a scan at the counter: the back camera (getUserMedia, facingMode environment) shown in
// a <video>, and every readable QR in it reported as text. The browser's own BarcodeDetector reads it
// where the browser has one with QR codes (Chrome on Android, Safari 17+); elsewhere @zxing/browser
// does, loaded only then (its own chunk: the portal's first load does not carry it).
import type { Result } from '@zxing/library';

/** Why the camera is not showing: refused by the person or the browser, none there, or it failed. */
export type CameraProblem = 'denied' | 'absent' | 'failed';

export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(`camera ${problem}`);
  }
}

/** A running scanner: `stop` lets the camera go. */
export interface CodeScanner {
  engine: 'native' | 'zxing';
  stop: () => void;
}

/** How often the native detector looks at the picture. */
const NATIVE_INTERVAL_MS = 200;

// The Barcode Detection API is not in TypeScript's DOM library yet: the part used here.
interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own QR reader, when it has one. */
const nativeDetector = async (): Promise<NativeDetector | null> => {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    return (await Detector.getSupportedFormats()).includes('qr_code')
      ? new Detector({ formats: ['qr_code'] })
      : null;
  } catch {
    return null;
  }
};

/** getUserMedia's refusals by name (a DOMException), as the screen words them. */
export const problemOf = (error: unknown): CameraProblem => {
  if (error instanceof CameraError) return error.problem;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
    return 'absent';
  return 'failed';
};

/** The text of a zxing result, or null for a frame without a code. */
export const textOf = (result: Result | undefined | null): string | null => {
  const text = result?.getText();
  return text ? text : null;
};

/**
 * Opens the back camera into `video` and calls `onCode` with each QR code read. Throws a CameraError
 * or getUserMedia's own refusal (problemOf words it).
 */
export const startScanner = async (
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<CodeScanner> => {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('absent');
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' } },
  });
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  try {
    const native = await nativeDetector();
    if (native) {
      video.srcObject = stream;
      await video.play();
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const look = async () => {
        if (stopped) return;
        try {
          // HAVE_CURRENT_DATA: there is a picture to look at
          if (video.readyState >= 2) {
            const text = (await native.detect(video))[0]?.rawValue;
            if (text && !stopped) onCode(text);
          }
        } catch {
          // a frame it could not look at: the next one will do
        }
        if (!stopped) timer = setTimeout(() => void look(), NATIVE_INTERVAL_MS);
      };
      void look();
      return {
        engine: 'native',
        stop: () => {
          stopped = true;
          clearTimeout(timer);
          release();
          video.srcObject = null;
        },
      };
    }
    const { BrowserQRCodeReader } = await import('@zxing/browser');
    const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
    const controls = await reader.decodeFromStream(stream, video, (result) => {
      const text = textOf(result);
      if (text) onCode(text);
    });
    return {
      engine: 'zxing',
      stop: () => {
        controls.stop();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
};
