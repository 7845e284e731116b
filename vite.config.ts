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
            // load smaller. The shell is what the root route renders on every page (with the translator every
            // page uses: app/core/i18n.tsx and Lingui's runtime); the listing is
            // what the library grid shares with clubs and My Books.
            codeSplitting: {
              groups: [
                { name: "shell", test: /[\\/]app[\\/](shell[\\/](top-bar|bottom-bar|language-alternates)\.tsx|ui[\\/](icons|toaster|route-error-boundary)\.tsx|shell[\\/]use-unread-count\.ts|core[\\/](session-events\.ts|nonce\.tsx|i18n\.tsx))$|[\\/]worker[\\/]core[\\/]shared[\\/](languages|translate)\.ts$|[\\/]node_modules[\\/]@lingui[\\/]core[\\/]/ },
                { name: "listing", test: /[\\/](app[\\/](features[\\/]books[\\/](book-card|book-cover|status-badge)|ui[\\/](prev-next|debounced-search))\.tsx|worker[\\/]core[\\/]shared[\\/]rules\.ts)$/ },
              ],
            },
          },
        },
      },
    },
  },
});
