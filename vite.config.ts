import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
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
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Modules many routes share would otherwise each become a tiny chunk of their own, and
            // gzip cannot share a dictionary across files: grouping them keeps every page's first
            // load smaller. The shell is what the root route renders on every page; the listing is
            // what the library grid shares with clubs and My Books.
            codeSplitting: {
              groups: [
                { name: "shell", test: /[\\/]app[\\/](components[\\/](top-bar|bottom-bar|icons|toaster|route-error-boundary|navigation-status|session-expired)\.tsx|lib[\\/](session-events|use-unread-count)\.ts|nonce\.tsx)$/ },
                { name: "listing", test: /[\\/](app[\\/]components[\\/](book-card|book-cover|status-badge|prev-next|debounced-search)\.tsx|worker[\\/]shared[\\/]rules\.ts)$/ },
              ],
            },
          },
        },
      },
    },
  },
});
