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
});
