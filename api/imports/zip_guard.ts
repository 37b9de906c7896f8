/**
 * Zip-bomb checks before any decompressing library sees an upload: first the sizes the central
 * directory declares, then an actual inflate in small chunks that counts the bytes and stops at
 * the limit, because a crafted directory can declare small sizes for huge contents (JSZip, inside
 * exceljs, inflates an entry whole before it compares the size).
 */
import { Inflate } from "fflate";

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

const endSignature = 0x06054b50;
const entrySignature = 0x02014b50;

/** The entries of the central directory, or null when this is not a readable zip file. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const lowest = Math.max(0, bytes.length - 22 - 65535);
  let end = -1;
  for (let i = bytes.length - 22; i >= lowest; i--) {
    if (view.getUint32(i, true) === endSignature) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== entrySignature) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    entries.push({
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
      localOffset: view.getUint32(offset + 42, true),
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxRatio: number;
}

/**
 * Why the archive must not be unpacked, or null when it is within the limits. ZIP64 entries
 * (sizes 0xFFFFFFFF) are refused: no spreadsheet within the upload limit needs them.
 */
export function zipBombReason(entries: ZipEntry[], limits: ZipLimits): string | null {
  if (entries.length > limits.maxEntries) return "too_many_entries";
  let total = 0;
  for (const entry of entries) {
    if (entry.uncompressedSize === 0xffffffff || entry.compressedSize === 0xffffffff) {
      return "zip64";
    }
    total += entry.uncompressedSize;
    // Text compresses well (a sheet about 10:1, runs of one letter 1000:1); a ratio above the
    // limit on anything larger than 1 MB is a bomb, not a spreadsheet.
    if (
      entry.uncompressedSize > 1024 * 1024 &&
      entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)
    ) return "ratio";
  }
  return total > limits.maxTotalBytes ? "total_size" : null;
}

const localSignature = 0x04034b50;

/** The compressed bytes of one entry, found through its local header; null when unreadable. */
export function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== localSignature) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * Inflates every entry as a central-directory reader would find it, 1 KB of input at a time
 * (at most about 1 MB of output per step), counting the output. Answers "total_size" once the
 * total passes the limit or an entry holds more than it declares, "broken" for unreadable data,
 * and null when every entry is what it says.
 */
export function inflatedReason(
  bytes: Uint8Array,
  entries: ZipEntry[],
  maxTotalBytes: number,
): "total_size" | "broken" | null {
  let total = 0;
  for (const entry of entries) {
    const data = entryData(bytes, entry);
    if (!data) return "broken";
    if (entry.method === 0) {
      total += data.length;
      if (total > maxTotalBytes) return "total_size";
      continue;
    }
    if (entry.method !== 8) return "broken";
    let size = 0;
    let over = false;
    const inflate = new Inflate((chunk) => {
      size += chunk.length;
      if (total + size > maxTotalBytes || size > entry.uncompressedSize) over = true;
    });
    try {
      for (let i = 0; i < data.length && !over; i += 1024) {
        inflate.push(data.subarray(i, i + 1024), i + 1024 >= data.length);
      }
    } catch {
      return "broken";
    }
    if (over) return "total_size";
    total += size;
  }
  return null;
}
