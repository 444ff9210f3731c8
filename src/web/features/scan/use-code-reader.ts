import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  CameraError,
  decodeImageFile,
  startCameraScan,
  type CameraProblem,
  type CameraSession,
} from './barcode-scanner.ts';

/**
 * The reading behind every scanner screen (/scan and the event check-in): the camera session and the photo
 * decoding. barcode-scanner.ts loads @zxing only when a code is first read, so these hooks add nothing heavy to
 * the page that uses them.
 */

export type CameraState =
  | { status: 'off' }
  | { status: 'starting' }
  | { status: 'on' }
  | { status: 'failed'; problem: CameraProblem };

/**
 * How the camera goes on after a code: `single` stops it (one code per start, as /scan does); `continuous`
 * keeps it running for the next code (the check-in at the door), sending the same code again only after
 * `repeatAfterMs`.
 */
export type CameraMode = 'single' | 'continuous';

export const REPEAT_AFTER_MS = 4000;

/** Whether a code read in continuous mode is new: not the one just sent, unless enough time has passed. */
export function isFreshRead(
  last: { code: string; at: number } | null,
  code: string,
  now: number,
  repeatAfterMs = REPEAT_AFTER_MS,
): boolean {
  return !last || last.code !== code || now - last.at >= repeatAfterMs;
}

export interface CameraReader {
  video: RefObject<HTMLVideoElement | null>;
  state: CameraState;
  /** The last code read since the page opened (null before the first). */
  lastCode: string | null;
  start: () => Promise<void>;
  stop: () => void;
}

/**
 * The camera as a code reader. It is released when the component goes away and when the tab is hidden.
 * `paused` (continuous mode) drops the codes read meanwhile, e.g. while the previous one is being handled.
 */
export function useCameraReader({
  onCode,
  mode,
  paused = false,
}: {
  onCode: (code: string) => void;
  mode: CameraMode;
  paused?: boolean;
}): CameraReader {
  const video = useRef<HTMLVideoElement>(null);
  const session = useRef<CameraSession | null>(null);
  const starting = useRef(false);
  const last = useRef<{ code: string; at: number } | null>(null);
  const [state, setState] = useState<CameraState>({ status: 'off' });
  const [lastCode, setLastCode] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const modeRef = useRef(mode);
  modeRef.current = mode;

  const stop = useCallback(() => {
    session.current?.stop();
    session.current = null;
    setState((s) => (s.status === 'failed' ? s : { status: 'off' }));
  }, []);

  const start = useCallback(async () => {
    if (!video.current || session.current || starting.current) return;
    starting.current = true;
    setState({ status: 'starting' });
    try {
      const opened = await startCameraScan(video.current, (hit) => {
        if (!session.current) return;
        if (modeRef.current === 'single') {
          // One code per start: the camera stops and the code is handled.
          session.current.stop();
          session.current = null;
          setState({ status: 'off' });
        } else {
          const now = Date.now();
          if (pausedRef.current || !isFreshRead(last.current, hit.code, now)) return;
          last.current = { code: hit.code, at: now };
        }
        setLastCode(hit.code);
        navigator.vibrate?.(80);
        onCodeRef.current(hit.code);
      });
      session.current = opened;
      setState({ status: 'on' });
    } catch (error) {
      setState({ status: 'failed', problem: error instanceof CameraError ? error.problem : 'other' });
    } finally {
      starting.current = false;
    }
  }, []);

  // Leaving the page or hiding the tab releases the camera (its light goes off).
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') stop();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      session.current?.stop();
      session.current = null;
    };
  }, [stop]);

  return { video, state, lastCode, start, stop };
}

export type PhotoProblem = 'notFound' | 'notImage';

/** A photo (or any image file) read for a code: `problem` says why nothing came out of it. */
export function usePhotoReader(onCode: (code: string) => void) {
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<PhotoProblem | null>(null);

  const read = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setReading(true);
    try {
      const hit = await decodeImageFile(file);
      if (hit) onCode(hit.code);
      else setProblem('notFound');
    } catch {
      setProblem('notImage');
    } finally {
      setReading(false);
    }
  };

  return { reading, problem, read };
}
