import fs from 'node:fs/promises';
import path from 'node:path';

/** Where attachment bytes live. Local disk by default; an object store can implement the same three calls. */
export interface AttachmentStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array>;
  delete(key: string): Promise<void>;
}

/**
 * Files under ATTACHMENTS_DIR (default `.data/attachments`, outside `public/`, so nothing is served
 * without the tenant-scoped download route). Keys are `<tenantId>/<attachmentId>`, never user input.
 */
export class LocalDiskStorage implements AttachmentStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!/^[0-9a-f-]{36}\/[0-9a-f-]{36}$/.test(key)) throw new Error('invalid storage key');
    return path.join(/*turbopackIgnore: true*/ this.root, key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a crash never leaves a half-written file under the final name.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<Uint8Array> {
    return new Uint8Array(await fs.readFile(this.pathOf(key)));
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}

export function attachmentsDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.ATTACHMENTS_DIR ?? '.data/attachments');
}

export function maxAttachmentBytes(): number {
  const v = Number(process.env.ATTACHMENT_MAX_BYTES);
  return Number.isFinite(v) && v > 0 ? v : 25 * 1024 * 1024;
}

let storage: AttachmentStorage | undefined;
let storageRoot: string | undefined;

export function getAttachmentStorage(): AttachmentStorage {
  const root = attachmentsDir();
  if (!storage || storageRoot !== root) {
    storage = new LocalDiskStorage(root);
    storageRoot = root;
  }
  return storage;
}
