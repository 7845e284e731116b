declare module "@worker/core/events/registry" {
  interface FeatureEvents {
    /** Books joined a member's shelf (added by hand, by ISBN or from a cover, or imported). */
    "book.listed": { ownerId: string; bookIds: string[]; at: number };
  }
}

export {};
