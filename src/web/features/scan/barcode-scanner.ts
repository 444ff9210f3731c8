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

/** A canvas decoder built on @zxing (loaded on first use): the code in the canvas, or null. */
async function createZxingDecoder(): Promise<(canvas: HTMLCanvasElement) => ScanHit | null> {
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
  const reader = new BrowserMultiFormatReader(hints);
  return (canvas) => {
    try {
      const result = reader.decodeFromCanvas(canvas);
      return { code: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] ?? '' };
    } catch {
      return null; // Nothing readable in this image.
    }
  };
}

/**
 * How an image is redrawn when zxing finds nothing in it as it is: halved, turned clockwise. zxing's QR detector
 * misses about one code in ten (it takes data modules for a finder pattern, depending on the code's content and
 * on its module size in pixels); the same code halved or turned is read. Measured on 30 such invitation codes:
 * halved 28, halved and turned 270° 30.
 */
export interface Redraw {
  scale: 1 | 0.5;
  turn: 0 | 90 | 180 | 270;
}
export const RETRY_REDRAWS: readonly Redraw[] = [
  { scale: 0.5, turn: 0 },
  { scale: 0.5, turn: 270 },
  { scale: 1, turn: 270 },
  { scale: 1, turn: 180 },
  { scale: 1, turn: 90 },
];
/** Below this many pixels on its longer side an image is not halved. */
const MIN_HALVED_PX = 120;

/** `source` redrawn into `target` (resized to fit); false when it would be too small to read. */
function redraw(target: HTMLCanvasElement, source: HTMLCanvasElement, { scale, turn }: Redraw): boolean {
  const w = Math.round(source.width * scale);
  const h = Math.round(source.height * scale);
  if (scale < 1 && Math.max(w, h) < MIN_HALVED_PX) return false;
  const sideways = turn === 90 || turn === 270;
  const width = sideways ? h : w;
  const height = sideways ? w : h;
  if (target.width !== width || target.height !== height) {
    target.width = width;
    target.height = height;
  }
  const ctx = target.getContext('2d', { willReadFrequently: true })!;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.translate(width / 2, height / 2);
  ctx.rotate((turn * Math.PI) / 180);
  ctx.drawImage(source, -w / 2, -h / 2, w, h);
  return true;
}

/** The camera frames zxing reads: as they are every other frame, redrawn in between. */
export function frameRedraw(frame: number): Redraw | null {
  return frame % 2 === 0 ? null : RETRY_REDRAWS[((frame - 1) / 2) % RETRY_REDRAWS.length]!;
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
    const zxing = native ? null : await createZxingDecoder();
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play();
    const frame = document.createElement('canvas');
    const redrawn = document.createElement('canvas');
    let frames = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async (): Promise<ScanHit | null> => {
      if (native) {
        const found = await native.detect(video);
        return found[0] ? { code: found[0].rawValue, format: found[0].format } : null;
      }
      if (frame.width !== video.videoWidth || frame.height !== video.videoHeight) {
        frame.width = video.videoWidth;
        frame.height = video.videoHeight;
      }
      frame.getContext('2d', { willReadFrequently: true })!.drawImage(video, 0, 0);
      const how = frameRedraw(frames++);
      if (how && redraw(redrawn, frame, how)) return zxing!(redrawn);
      return zxing!(frame);
    };
    const tick = async () => {
      if (stopped) return;
      try {
        if (video.readyState >= 2 && video.videoWidth > 0) {
          const hit = await read();
          if (hit && !stopped) onHit(hit);
        }
      } catch {
        // A frame that cannot be read: try the next one.
      }
      if (!stopped) timer = setTimeout(() => void tick(), 150);
    };
    void tick();
    return {
      engine: native ? 'native' : 'zxing',
      stop() {
        stopped = true;
        clearTimeout(timer);
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
  const decode = await createZxingDecoder();
  // Large photos first at a readable size, then smaller (zxing prefers bars a few pixels wide); a small image
  // is read once at its own size.
  let upright: HTMLCanvasElement | undefined;
  const seen = new Set<string>();
  for (const max of [1600, 900, 2400]) {
    const canvas = await toCanvas(file, max);
    const size = `${canvas.width}x${canvas.height}`;
    if (seen.has(size)) continue;
    seen.add(size);
    upright ??= canvas;
    const hit = decode(canvas);
    if (hit) return hit;
  }
  const redrawn = document.createElement('canvas');
  for (const how of RETRY_REDRAWS) {
    const hit = redraw(redrawn, upright!, how) ? decode(redrawn) : null;
    if (hit) return hit;
  }
  return null;
}
