/** What a metadata search may be given; each part is used only when present. */
export interface MetadataQuery {
  isbn?: string;
  title?: string;
  author?: string;
}

export interface MetadataRequestOptions {
  signal: AbortSignal;
  /** Only Google Books takes a key; without one it still answers, with a lower quota. */
  googleBooksApiKey?: string;
  maxResults: number;
}
