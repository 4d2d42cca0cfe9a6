import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzipAsync = promisify(zlib.gzip);

/**
 * A response body that is already JSON text (entity documents read from PostgreSQL and joined),
 * sent as is: the hot read routes skip parsing and re-serialising what the database produced.
 * `bytes`, when given, is that text already encoded as UTF-8 (a cached body, e.g. a Published
 * form's tree of a megabyte): the response sends it without encoding it again. `etag`, when given,
 * names this exact body (an entity tag, `W/"..."`): the route wrapper sends it as `ETag` and answers
 * a GET whose `If-None-Match` names it with 304 and no body.
 */
export class RawJson {
  #text: string | undefined;
  #codable = false;
  #gzip?: Promise<Uint8Array<ArrayBuffer>>;

  constructor(
    text: string,
    readonly bytes?: Uint8Array<ArrayBuffer>,
    readonly etag?: string,
  ) {
    this.#text = text;
  }

  /** A body assembled as UTF-8 bytes (from pieces encoded once and kept): its text is decoded only if asked for. */
  static fromBytes(bytes: Uint8Array<ArrayBuffer>): RawJson {
    const body = new RawJson('', bytes);
    body.#text = undefined;
    return body;
  }

  get text(): string {
    this.#text ??= Buffer.from(this.bytes!.buffer, this.bytes!.byteOffset, this.bytes!.byteLength).toString('utf8');
    return this.#text;
  }

  /**
   * A body kept in memory and sent many times (keep the returned object, not only its text): its
   * UTF-8 bytes, a weak entity tag of them, and its gzip encoding, made on the first `gzip()` and
   * kept beside the bytes. The tag is weak because the same JSON goes out in either encoding
   * (RFC 9110 8.8.1: a weak tag may be shared by semantically equivalent representations), so an
   * `If-None-Match` from a client that cached either one matches.
   */
  static cached(text: string): RawJson {
    const bytes = Buffer.from(text);
    const body = new RawJson(text, bytes, `W/"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`);
    body.#codable = true;
    return body;
  }

  /** Whether the body has content codings to offer (a cached body): its answers vary by Accept-Encoding. */
  get codable(): boolean {
    return this.#codable;
  }

  /**
   * The bytes gzip-encoded (level 9: ~12× smaller for a form's tree), made once, in the thread pool
   * (~19 ms of CPU for 1.2 MB, off the event loop), and kept: every later answer sends the same
   * bytes. Undefined for a body that is not `cached`.
   */
  gzip(): Promise<Uint8Array<ArrayBuffer>> | undefined {
    if (!this.#codable) return undefined;
    this.#gzip ??= gzipAsync(this.bytes!, { level: 9 }) as Promise<Uint8Array<ArrayBuffer>>;
    return this.#gzip;
  }

  parse<T>(): T {
    return JSON.parse(this.text) as T;
  }
}
