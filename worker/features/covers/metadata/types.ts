/** What a metadata search may be given; each part is used only when present. */
export interface MetadataQuery {
  isbn?: string;
  title?: string;
  author?: string;
}

/** Where the providers are asked; the public services when a URL is not given. */
export interface MetadataEndpoints {
  /** Google Books' volumes endpoint. */
  googleBooks?: string;
  /** Open Library's search.json. */
  openLibrary?: string;
}

export interface MetadataRequestOptions {
  signal: AbortSignal;
  /** Only Google Books takes a key; without one it still answers, with a lower quota. */
  googleBooksApiKey?: string;
  maxResults: number;
  endpoints?: MetadataEndpoints;
}
