import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // The barcode reader (ZXing's WASM), a Worker of its own behind the BARCODE service binding: dev runs
      // it beside the page Worker, and the build writes it beside build/server (docs/decisions/017-barcode-worker.md).
      auxiliaryWorkers: [{ configPath: "worker/features/covers/barcode/wrangler.toml", viteEnvironment: { name: "barcode" } }],
      // Workers AI and Google are unreachable from local machines and CI; local runs use the local providers.
      remoteBindings: false,
      // End-to-end runs keep their own local state so they never touch the dev database.
      persistState: process.env.WRANGLER_STATE ? { path: process.env.WRANGLER_STATE } : true,
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  preview: { port: Number(process.env.PORT ?? 4173), strictPort: true },
  environments: {
    // Beside build/server and build/client (the plugin's default would be dist/), so one folder is the whole build.
    barcode: { build: { outDir: `${process.env.BUILD_DIR ?? "build"}/barcode` } },
    client: {
      build: {
        rolldownOptions: {
          // A feature's index.ts re-exports what other features use; a page that takes one name from it
          // must not also load the rest. Our UI modules do nothing when imported but define things
          // (the stylesheet is imported for its effect and stays outside this rule), so what no page
          // uses is dropped even where a top-level call such as memo() hides that from the bundler.
          treeshake: { moduleSideEffects: [{ test: /[\\/]app[\\/](features|ui|core|shell)[\\/].*\.tsx?$/, sideEffects: false }] },
          output: {
            // Modules many routes share would otherwise each become a tiny chunk of their own, and
            // gzip cannot share a dictionary across files: grouping them keeps every page's first
            // load smaller. The framework is React, React DOM, React Router and Lingui's runtime (one
            // file that changes only when they are upgraded, so a deploy does not make readers fetch it
            // again); the shell is what the root route renders on every page (with the translator every
            // page uses: app/core/i18n.tsx); the listing is the book card the library grid shares with
            // clubs and My Books (the book page takes its cover and status badge from it), and the list
            // controls are the search box and paging the library shares with the club lists.
            codeSplitting: {
              groups: [
                { name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@lingui[\\/]core)[\\/]/ },
                {
                  name: "shell",
                  test: /[\\/]app[\\/](shell[\\/](top-bar|bottom-bar|language-alternates)\.tsx|ui[\\/](icons|toaster|route-error-boundary|deferred)\.tsx|shell[\\/]use-unread-count\.ts|core[\\/](session-events\.ts|nonce\.tsx|i18n\.tsx))$|[\\/]worker[\\/]core[\\/]shared[\\/](languages|translate)\.ts$/,
                },
                {
                  name: "listing",
                  test: /[\\/](app[\\/]features[\\/]books[\\/](book-card|book-cover|status-badge)\.tsx|worker[\\/]core[\\/]shared[\\/]rules\.ts)$/,
                },
                { name: "list-controls", test: /[\\/]app[\\/]ui[\\/](prev-next|debounced-search)\.tsx$/ },
              ],
            },
          },
        },
      },
    },
  },
});
