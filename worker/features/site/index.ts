// What other features may use of site: nothing yet. Its API (Swap Toys interest) is mounted by worker/api.ts.
