/**
 * Import rules, checked by `npm run lint` (after biome). Each rule names what it protects; a
 * violation prints the rule's name and the import (or, for a circle, the whole loop).
 *
 * The layout (docs/decisions/014-feature-folders.md), lowest first:
 *   worker/core/shared   pure rules and constants, also bundled into the browser
 *   worker/core, worker/db
 *                        what every feature stands on: errors, service context, paging, limits,
 *                        http/*, api plumbing, e-mail providers, the job core
 *   worker/features/<f>  one feature's services and API routes; index.ts is its public face
 *   worker/api.ts, worker/jobs.ts, worker/index.ts
 *                        composition: the only modules that know every feature
 *   app/ui, app/core     shared components, and the routes' plumbing
 *   app/features/<f>     one feature's routes, components, hooks and *.server.ts
 */

/** Client code: what the browser runs. Route modules are left out (their loaders and actions are server code). */
const CLIENT = { path: "^app/", pathNot: ["^app/features/[^/]+/routes/", "\\.server\\.tsx?$", "^app/(root|routes|entry\\.server)\\.tsx?$"] };

/** The part of worker/ the browser may take values from: pure texts, limits, calendar days, ids. */
const CLIENT_SAFE = "^worker/core/shared/";

/** Core: what no feature owns. It never imports a feature; features register into it (jobs, account parts). */
const CORE = "^(worker/core|worker/db|app/ui|app/core)/";

/** The composition modules: they alone may know every feature. */
const COMPOSITION = "^(worker/(api|jobs|index)\\.ts|app/(root|routes)\\.tsx?|app/shell/.*)$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "Import circles, type-only imports included: a circle of types becomes a load-order failure the day one of its imports carries a value (a Durable Object's module that imports itself back fails at load).",
      from: {},
      // A feature's index.ts counts as importing every module it re-exports (as an ES module loads
      // it), so a circle through an index is caught here too.
      to: { circular: true },
    },
    {
      name: "feature-through-its-index",
      severity: "error",
      comment:
        "Another feature is used only through its index.ts (index.server.ts for an app feature's server helpers), never a file behind it. A feature's two sides (app/features/<f> and worker/features/<f>) are one feature.",
      from: { path: "^(worker|app)/features/([^/]+)/" },
      to: {
        path: "^(worker|app)/features/[^/]+/",
        pathNot: ["^(worker|app)/features/$2/", "^(worker|app)/features/[^/]+/index(\\.server)?\\.tsx?$"],
      },
    },
    {
      name: "loans-through-its-index",
      severity: "error",
      comment:
        "worker/features/loans/index.ts is the loans feature's one door, for its own pages too (app/features/loans): a second hub beside it (loans.ts once re-exported the queries) lets callers bypass what the index decides to show. Only worker/api.ts mounts its API routes.",
      from: { path: "^(app|worker|durable-objects)/", pathNot: ["^worker/features/loans/", "^worker/api\\.ts$"] },
      to: { path: "^worker/features/loans/", pathNot: "^worker/features/loans/index\\.ts$" },
    },
    {
      name: "books-not-to-loans",
      severity: "error",
      comment:
        "Loans builds on books (a loan's book, its cover), so books' services, components and loaders never import loans, and the two features form no loop. The pages and API routes that show or change both (the book page's loan panel, the edit whose 'Lent' the ledger follows, the delete a loan refuses) compose them: only app/routes.ts and worker/api.ts load those.",
      from: { path: "^(worker|app)/features/books/", pathNot: ["^worker/features/books/api\\.ts$", "^app/features/books/routes/"] },
      to: { path: "^(worker|app)/features/loans/" },
    },
    {
      name: "core-not-to-features",
      severity: "error",
      comment: "Core (worker/core, worker/db, app/ui, app/core) never imports a feature.",
      from: { path: CORE },
      to: { path: "^(worker|app)/features/" },
    },
    {
      name: "core-not-to-composition",
      severity: "error",
      comment:
        "Nor the modules that compose the features, except for types: the browser's API client takes the route table's type from worker/api.ts (erased at build, it loads nothing).",
      from: { path: CORE },
      to: { path: COMPOSITION, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "durable-objects-not-to-features",
      severity: "error",
      comment:
        "The Durable Objects stay thin: they use worker/core and worker/db. JobTimer runs jobs through the registry, so its module never loads a feature (and a feature's import of the class cannot close a circle).",
      from: { path: "^durable-objects/" },
      to: { path: ["^(worker|app)/features/", COMPOSITION] },
    },
    {
      name: "worker-not-to-app",
      severity: "error",
      comment: "The Worker and its Durable Objects never import the React app: app/ builds on worker/, not the other way.",
      from: { path: "^(worker|durable-objects)/" },
      to: { path: "^app/" },
    },
    {
      name: "client-not-to-server-values",
      severity: "error",
      comment:
        "Browser code takes only types from server code (worker/, durable-objects/, *.server.ts); worker/core/shared holds the pure rules and constants both sides use, and is the part of worker/ it may import values from.",
      from: CLIENT,
      to: {
        path: ["^(worker|durable-objects)/", "\\.server\\.tsx?$"],
        pathNot: CLIENT_SAFE,
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "shared-stays-pure",
      severity: "error",
      comment:
        "What the browser may import from worker/ is bundled into the browser too: besides itself it may take only types from the rest of worker/ (and packages).",
      from: { path: CLIENT_SAFE },
      to: { path: "^(worker|durable-objects|app)/", pathNot: CLIENT_SAFE, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "barcode-worker-apart",
      severity: "error",
      comment:
        "ZXing's WASM belongs to the barcode Worker (worker/features/covers/barcode/, a Worker of its own): the page Worker reaches it through the BARCODE service binding and takes only types from it, so the page Worker's upload carries no WASM (docs/decisions/017-barcode-worker.md).",
      from: { path: "^(worker|durable-objects)/", pathNot: "^worker/features/covers/barcode/" },
      to: { path: ["^worker/features/covers/barcode/", "node_modules/zxing-wasm/"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "barcode-worker-small",
      severity: "error",
      comment: "The barcode Worker bundles only its own folder and worker/core/shared's pure modules (and packages): nothing of the page Worker.",
      from: { path: "^worker/features/covers/barcode/" },
      to: { path: "^(worker|durable-objects|app)/", pathNot: ["^worker/features/covers/barcode/", CLIENT_SAFE], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "job-registrations-only-from-entry",
      severity: "error",
      comment:
        "The job registrations are loaded once, by the Worker's entry module (tests may import them too): imported from a feature or the job core they would close a circle.",
      from: { path: "^(worker|durable-objects|app)/", pathNot: "^worker/index\\.ts$" },
      to: { path: "^worker/jobs\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // .react-router/types is generated: each route's +types file imports its route module back, by design.
    exclude: { path: ["^build/", "^\\.react-router/", "^node_modules/"] },
    // Counts `import type` too: the rules above are about the source as written, not what survives compilation.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.cloudflare.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
