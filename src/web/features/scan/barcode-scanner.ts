/**
 * Reading EAN-13, EAN-8, UPC-A and QR codes in the browser: from the camera (continuous) or from a photo.
 * The native BarcodeDetector is used where the browser has it with these formats (Chrome on Android, macOS,
 * ChromeOS); elsewhere @zxing/browser, loaded only when needed so the page stays light.
 */

export type CameraProblem = 'permission' | 'noCamera' | 'inUse' | 'unsupported' | 'other';

export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(`camera: ${problem}`);
  }
}

export interface ScanHit {
  code: string;
  format: string;
}

export interface CameraSession {
  /** Stops decoding and releases the camera (its light goes off). */
  stop(): void;
  engine: 'native' | 'zxing';
}

/** The part of the Shape Detection API used here (not in TypeScript's DOM library yet). */
interface DetectedBarcode {
  rawValue: string;
  format: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource | ImageBitmap | Blob): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const NATIVE_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'qr_code'];

let nativeDetector: Promise<BarcodeDetectorLike | null> | undefined;

/** The native detector when it reads at least EAN-13; null otherwise. */
function getNativeDetector(): Promise<BarcodeDetectorLike | null> {
  nativeDetector ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
    if (!Detector) return null;
    try {
      const supported = await Detector.getSupportedFormats();
      const formats = NATIVE_FORMATS.filter((f) => supported.includes(f));
      return formats.includes('ean_13') ? new Detector({ formats }) : null;
    } catch {
      return null;
    }
  })();
  return nativeDetector;
}

async function createZxingReader() {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
    import('@zxing/browser'),
    import('@zxing/library'),
  ]);
  const hints = new Map<number, unknown>([
    [
      DecodeHintType.POSSIBLE_FORMATS,
      [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.UPC_A, BarcodeFormat.QR_CODE],
    ],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new BrowserMultiFormatReader(hints, { delayBetweenScanAttempts: 150 });
  return { reader, BarcodeFormat };
}

function cameraProblemOf(error: unknown): CameraProblem {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'permission';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'noCamera';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'inUse';
  return 'other';
}

/**
 * Opens the back camera into the video element and calls onHit for each code read. Throws CameraError when the
 * camera cannot be used (permission refused, none present, busy, or an insecure page).
 */
export async function startCameraScan(
  video: HTMLVideoElement,
  onHit: (hit: ScanHit) => void,
): Promise<CameraSession> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('unsupported');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  } catch (error) {
    throw new CameraError(cameraProblemOf(error));
  }
  const releaseStream = () => {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };

  try {
    const native = await getNativeDetector();
    if (native) {
      video.srcObject = stream;
      video.muted = true;
      video.playsInline = true;
      await video.play();
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const tick = async () => {
        if (stopped) return;
        try {
          if (video.readyState >= 2) {
            const found = await native.detect(video);
            if (found[0] && !stopped) onHit({ code: found[0].rawValue, format: found[0].format });
          }
        } catch {
          // A frame that cannot be read: try the next one.
        }
        if (!stopped) timer = setTimeout(() => void tick(), 150);
      };
      void tick();
      return {
        engine: 'native',
        stop() {
          stopped = true;
          clearTimeout(timer);
          releaseStream();
        },
      };
    }

    const { reader, BarcodeFormat } = await createZxingReader();
    const controls = await reader.decodeFromStream(stream, video, (result) => {
      if (result) onHit({ code: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] ?? '' });
    });
    return {
      engine: 'zxing',
      stop() {
        controls.stop();
        releaseStream();
      },
    };
  } catch (error) {
    releaseStream();
    throw error instanceof CameraError ? error : new CameraError('other');
  }
}

/** The image drawn on a canvas no wider or taller than `max` pixels (phone photos are large). */
async function toCanvas(file: Blob, max: number): Promise<HTMLCanvasElement> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, max / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas;
}

/**
 * The code in a photo, or null when none can be read. Throws only when the file is not an image the browser can
 * open.
 */
export async function decodeImageFile(file: Blob): Promise<ScanHit | null> {
  const native = await getNativeDetector();
  if (native) {
    const found = await native.detect(await toCanvas(file, 2000));
    if (found[0]) return { code: found[0].rawValue, format: found[0].format };
  }
  const { reader, BarcodeFormat } = await createZxingReader();
  // Large photos first at a readable size, then smaller (zxing prefers bars a few pixels wide).
  for (const max of [1600, 900, 2400]) {
    const canvas = await toCanvas(file, max);
    try {
      const result = reader.decodeFromCanvas(canvas);
      return { code: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] ?? '' };
    } catch {
      // Not found at this size.
    }
  }
  return null;
}
