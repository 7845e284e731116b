declare module "@worker/core/events/registry" {
  interface FeatureEvents {
    /** A member set, moved or cleared "My area" (the cell is stored or gone). */
    "geo.area_changed": { userId: string; at: number };
  }
}

export {};
