import zlib from 'node:zlib';

export interface TarFile {
  /** Path inside the archive (ASCII; at most 100 bytes, shortened if longer). */
  name: string;
  bytes: Uint8Array;
  mtime?: Date;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(512, 0);
  const field = (value: string, offset: number, length: number) => block.write(value, offset, length, 'ascii');
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0');
  field(name, 0, 100);
  field(octal(0o644, 8), 100, 8);
  field(octal(0, 8), 108, 8);
  field(octal(0, 8), 116, 8);
  field(octal(size, 12), 124, 12);
  field(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12);
  field('        ', 148, 8); // checksum placeholder: spaces while summing
  field('0', 156, 1);
  field('ustar\u0000', 257, 6);
  field('00', 263, 2);
  let sum = 0;
  for (const byte of block) sum += byte;
  field(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return block;
}

/** A safe ASCII archive path: other characters become `_`, at most 100 bytes (keeping the end). */
export function tarPath(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._\-/]/g, '_').replace(/\.\.+/g, '_');
  return ascii.length <= 100 ? ascii : ascii.slice(ascii.length - 100);
}

/** A gzip-compressed POSIX ustar archive of `files` (what `tar xzf` and Windows' own tar open). */
export function gzipTar(files: TarFile[]): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    const bytes = Buffer.from(file.bytes);
    parts.push(header(tarPath(file.name), bytes.length, file.mtime ?? new Date()), bytes);
    const pad = (512 - (bytes.length % 512)) % 512;
    if (pad) parts.push(Buffer.alloc(pad, 0));
  }
  parts.push(Buffer.alloc(1024, 0));
  return zlib.gzipSync(Buffer.concat(parts));
}
