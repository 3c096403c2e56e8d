// What a file is, decided by its first bytes, never by its name or the browser's Content-Type.

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'avif';
export type VideoKind = 'mp4' | 'mov' | 'webm';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** ISO base media (MP4, MOV, AVIF, HEIC): a first box of type "ftyp"; its major and compatible brands */
function ftypBrands(bytes: Buffer): string[] | undefined {
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  const size = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

const IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'mif1', 'msf1']);

export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const brands = ftypBrands(bytes);
  if (brands && (brands[0] === 'avif' || brands[0] === 'avis' || (brands.includes('avif') && brands[0] === 'mif1')))
    return 'avif';
  return undefined;
}

export function sniffVideo(bytes: Buffer): VideoKind | undefined {
  const brands = ftypBrands(bytes);
  if (brands) {
    if (IMAGE_BRANDS.has(brands[0]!)) return undefined;
    return brands[0] === 'qt  ' ? 'mov' : 'mp4';
  }
  // EBML header; Matroska files are only accepted when they declare the WebM doctype
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    return ascii(bytes, 4, Math.min(bytes.length, 64)).includes('webm') ? 'webm' : undefined;
  }
  return undefined;
}
