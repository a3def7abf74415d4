/** The image types an avatar may be: the three every browser shows, none that can carry script. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];

export interface ImageInfo {
  type: AvatarType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (bytes: Uint8Array, at: number, text: string) =>
  startsWith(
    bytes,
    [...text].map((char) => char.charCodeAt(0)),
    at,
  );

/**
 * What the bytes are, read from their own headers rather than from any name or declared type:
 * the magic number and, for each format, the header that holds the dimensions. Anything else
 * (SVG, HTML, a truncated or corrupt header, a zero size) is null. Decoding the pixels is left
 * to the browser; this only makes sure the file is what it claims to be.
 */
export function readImageInfo(bytes: Uint8Array): ImageInfo | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const info = startsWith(bytes, PNG_SIGNATURE)
    ? readPng(bytes, view)
    : startsWith(bytes, [0xff, 0xd8, 0xff])
      ? readJpeg(bytes, view)
      : ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')
        ? readWebp(bytes, view)
        : null;
  return info && info.width > 0 && info.height > 0 ? info : null;
}

/** PNG: the first chunk must be IHDR (PNG spec §11.2.2), holding width and height big-endian. */
function readPng(bytes: Uint8Array, view: DataView): ImageInfo | null {
  if (bytes.length < 24 || view.getUint32(8) !== 13 || !ascii(bytes, 12, 'IHDR')) return null;
  return { type: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
}

/** Start-of-frame markers (ITU T.81 table B.1): every SOFn but DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: walks the marker segments to the first start-of-frame, which holds height then width. */
function readJpeg(bytes: Uint8Array, view: DataView): ImageInfo | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Scan data or the end before any frame header: not an image this can size.
    if (marker === 0xda || marker === 0xd9) return null;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2; // markers without a length
      continue;
    }
    const length = view.getUint16(at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return { type: 'image/jpeg', height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** WebP: the RIFF container's first chunk, in one of its three forms (lossy, lossless, extended). */
function readWebp(bytes: Uint8Array, view: DataView): ImageInfo | null {
  if (bytes.length < 30 || view.getUint32(4, true) + 8 > bytes.length) return null;
  if (ascii(bytes, 12, 'VP8 ')) {
    // A key frame's start code, then 14-bit width and height (RFC 6386 §9.1).
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null;
    return {
      type: 'image/webp',
      width: view.getUint16(26, true) & 0x3fff,
      height: view.getUint16(28, true) & 0x3fff,
    };
  }
  if (ascii(bytes, 12, 'VP8L')) {
    // The signature byte, then width-1 and height-1 in 14 bits each (RFC 9649 §3.2).
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(bytes, 12, 'VP8X')) {
    // The canvas size, width-1 and height-1 in 24 bits each (RFC 9649 §2.7).
    const width = (view.getUint32(24, true) & 0xffffff) + 1;
    const height = (view.getUint32(26, true) >>> 8) + 1;
    return { type: 'image/webp', width, height };
  }
  return null;
}
