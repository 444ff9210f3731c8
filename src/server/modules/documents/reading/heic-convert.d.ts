/** heic-convert 2.1.0 ships no types: the one call the reader makes. */
declare module 'heic-convert' {
  export default function convert(options: {
    buffer: Buffer | Uint8Array | ArrayBuffer;
    format: 'JPEG' | 'PNG';
    quality?: number;
  }): Promise<ArrayBuffer | Uint8Array>;
}
