// What other features may use of geo: nothing yet. Its API (GET /api/geo/reverse) is mounted by worker/api.ts.
