/**
 * A response body that is already JSON text (entity documents read from PostgreSQL and joined),
 * sent as is: the hot read routes skip parsing and re-serialising what the database produced.
 * `bytes`, when given, is that text already encoded as UTF-8 (a cached body, e.g. a Published
 * form's tree of a megabyte): the response sends it without encoding it again. `etag`, when given,
 * names this exact body (an entity tag, `W/"..."`): the route wrapper sends it as `ETag` and answers
 * a GET whose `If-None-Match` names it with 304 and no body.
 */
export class RawJson {
  constructor(
    readonly text: string,
    readonly bytes?: Uint8Array<ArrayBuffer>,
    readonly etag?: string,
  ) {}

  parse<T>(): T {
    return JSON.parse(this.text) as T;
  }
}
