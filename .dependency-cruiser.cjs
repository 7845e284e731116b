/**
 * Import rules, checked by `npm run lint` (after biome). Each rule names what it protects; a
 * violation prints the rule's name and the import (or, for a circle, the whole loop).
 *
 * Layers in today's layout, lowest first:
 *   worker/shared       pure rules and constants, also bundled into the browser
 *   worker/db, worker/email, worker/http, worker/config.ts, worker/context.ts, the job core
 *                       (worker/services/job-registry.ts, job-timers.ts, durable-objects/job-timer.ts)
 *   worker/services, worker/api, worker/auth, worker/covers, ...   the features
 *   worker/index.ts, worker/services/scheduled-jobs.ts             composition (wires features in)
 *   app/                React Router routes and UI
 *
 * The section "After the feature-folder move" at the end holds the rules that need
 * worker/features/<f>/index.ts and app/features/<f>/; it is off until FEATURE_FOLDERS is true.
 */

/** Flip to true once worker/core, worker/features/<f>/ and app/features/<f>/ exist. */
const FEATURE_FOLDERS = false;

/** Client code: what the browser runs. Route modules are left out (their loaders and actions are server code). */
const CLIENT = "^app/(components|lib|sw|content)/";

/**
 * The parts of worker/ the browser may take values from: worker/shared, and worker/covers/isbn.ts (check
 * digits, no imports; the scanner dialog checks what it read), which belongs in shared after the move.
 */
const CLIENT_SAFE = ["^worker/shared/", "^worker/covers/isbn\\.ts$"];

/** Files that stay in worker/http but are endpoints of a feature; they move into their features with the folder move. */
const HTTP_FEATURE_ENDPOINTS = [
  "^worker/http/conversation-socket\\.ts$",
  "^worker/http/member-socket\\.ts$",
  "^worker/http/one-click-unsubscribe\\.ts$",
];

/** Files in worker/services and worker/api that are core, not a feature: the service context, the errors, the job core, the API's envelope and validation. */
const CORE_IN_FEATURE_FOLDERS = ["^worker/services/(types|errors|job-registry|job-timers)\\.ts$", "^worker/api/(envelope|validate)\\.ts$"];

const rules = [
  {
    name: "no-circular",
    severity: "error",
    comment:
      "Import circles, type-only imports included: a circle of types becomes a load-order failure the day one of its imports carries a value (a Durable Object's module that imports itself back fails at load).",
    from: {},
    to: { circular: true },
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
      "Browser code takes only types from server code (worker/, durable-objects/, app/*.server.ts); worker/shared holds the pure rules and constants both sides use, and is the part of worker/ it may import values from (see CLIENT_SAFE).",
    from: { path: CLIENT },
    to: {
      path: ["^(worker|durable-objects)/", "^app/.*\\.server\\.tsx?$"],
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
    name: "lower-layers-not-to-features",
    severity: "error",
    comment:
      "worker/shared, db, email, http, config.ts and context.ts sit below the services and the API: they may use the core among them (context type, errors, jobs, the API envelope) but no feature.",
    from: { path: ["^worker/(shared|db|email|http)/", "^worker/(config|context)\\.ts$"], pathNot: HTTP_FEATURE_ENDPOINTS },
    to: { path: "^worker/(services|api)/", pathNot: CORE_IN_FEATURE_FOLDERS },
  },
  {
    name: "job-core-not-to-features",
    severity: "error",
    comment:
      "The job core (registry, scheduling, the JobTimer Durable Object) knows no feature: features register their runners in worker/services/scheduled-jobs.ts, which only worker/index.ts imports.",
    from: { path: ["^worker/services/job-(registry|timers)\\.ts$", "^durable-objects/job-timer\\.ts$"] },
    to: {
      path: "^(worker|durable-objects|app)/",
      // services/types is the core's service context (Deps): it imports nothing but worker/db.
      pathNot: ["^worker/db/", "^worker/services/types\\.ts$", "^worker/services/job-(registry|timers)\\.ts$", "^durable-objects/job-timer\\.ts$"],
    },
  },
  {
    name: "job-registrations-only-from-entry",
    severity: "error",
    comment:
      "The job registrations are loaded once, by the Worker's entry module (tests may import them too): imported from a feature or the job core they would close a circle.",
    from: { path: "^(worker|durable-objects|app)/", pathNot: "^worker/index\\.ts$" },
    to: { path: "^worker/services/scheduled-jobs\\.ts$" },
  },
];

// ---------------------------------------------------------------------------------------------
// After the feature-folder move (issue 22): switch on with FEATURE_FOLDERS = true.
// The rules above name today's paths; the move re-points them too: CLIENT and CLIENT_SAFE (app/ui,
// the features' components and hooks; worker/core/shared), HTTP_FEATURE_ENDPOINTS (gone once those
// endpoints live in their features), CORE_IN_FEATURE_FOLDERS and the job core's paths (worker/core/...), and
// the registrations' module (job-registrations-only-from-entry).
// ---------------------------------------------------------------------------------------------
const featureRules = [
  {
    name: "feature-through-its-index",
    severity: "error",
    comment:
      "Another feature is used only through its index.ts (its public face), never a file behind it. A feature's two sides (app/features/<f> and worker/features/<f>) are one feature.",
    from: { path: "^(worker|app)/features/([^/]+)/" },
    to: {
      path: "^(worker|app)/features/[^/]+/",
      pathNot: ["^(worker|app)/features/$2/", "^(worker|app)/features/[^/]+/index\\.tsx?$"],
    },
  },
  {
    name: "core-not-to-features",
    severity: "error",
    comment: "Core (worker/core, app/ui) never imports a feature: features register into core (jobs, account parts), not the other way.",
    from: { path: "^(worker/core|app/ui)/" },
    to: { path: "^(worker|app)/features/" },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [...rules, ...(FEATURE_FOLDERS ? featureRules : [])],
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
