import { lazy, Suspense, useEffect, useState } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { type Flash, takeFlash } from "~/core/flash.server";
import { I18nProvider, useI18n, useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { useNonce } from "~/core/nonce";
import { deferred, notePageHydrated } from "~/ui/deferred";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { BottomBar } from "./shell/bottom-bar";
import { LanguageAlternates } from "./shell/language-alternates";
import { loadShell } from "./shell/shell.server";
import { TopBar } from "./shell/top-bar";
import { useUnreadCounts } from "./shell/use-unread-count";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ flash, headers }, shell, catalogue] = await Promise.all([takeFlash(request), loadShell(context, request), pageMessages(context, "core", "pwa")]);
  return data({ ...shell, flash, catalogue }, { headers });
}

export type RootData = Awaited<ReturnType<typeof loadShell>> & { flash: Flash | null };

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <I18nProvider>
      <Document nonce={nonce}>{children}</Document>
    </I18nProvider>
  );
}

/** The page itself, in its language and direction from the first byte (not set by script after load). */
function Document({ nonce, children }: { nonce: string | undefined; children: React.ReactNode }) {
  const { language, dir } = useI18n();
  return (
    <html lang={language} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#065f46" />
        {/* iOS reads these rather than the manifest when a page is added to the Home Screen. */}
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-title" content="BookClub" />
        <Meta />
        <LanguageAlternates />
        {/* With a precedence React writes it right after the cover's (the largest paint's) preload, before the
            modulepreloads it hoists from <Scripts>: behind them, over HTTP/1.1, the first paint waited for 15 scripts.
            Server only: React leaves such a stylesheet alone while hydrating, and the first load's script need not carry its URL. */}
        {import.meta.env.SSR ? (
          <>
            <link rel="stylesheet" href={appStylesheet} precedence="app" nonce={nonce} />
            <Links nonce={nonce} />
          </>
        ) : (
          <Links nonce={nonce} />
        )}
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// The installable app's registration, update offer and offline state: fetched once the page has loaded.
// Without it (offline, nothing saved yet) the page works as a plain website.
const AfterHydration = lazy(() => import("./shell/after-hydration"));

// The footer is rendered on the server in place like the rest; in the browser that HTML stays until the
// footer's code arrives, so the first paint's script does not carry it (and its form works before then
// as a plain form).
const SiteFooter = deferred(() => import("./shell/site-footer").then((module) => module.SiteFooter));

const AppStatus = lazy<React.ComponentType<{ viewer: string | null }>>(() => import("~/features/pwa/app-status").catch(() => ({ default: () => null })));

export default function App({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { unread, notifications } = useUnreadCounts(loaderData, Boolean(loaderData.user));
  // After hydration, so the server's HTML and the first render agree; it waits for load itself.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    notePageHydrated();
  }, []);
  return (
    <Toaster flash={loaderData.flash}>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t("Skip to content")}
      </a>
      <TopBar user={loaderData.user} unread={unread} notifications={notifications} />
      <main id="main" className="mx-auto w-full max-w-7xl px-4 pt-6 pb-28 sm:px-6 md:pb-12">
        <Outlet />
      </main>
      <SiteFooter pseudo={loaderData.signIn.dev} />
      <BottomBar user={loaderData.user} unread={unread} notifications={notifications} />
      {hydrated && (
        <Suspense>
          <AfterHydration />
          <AppStatus viewer={loaderData.user?.id ?? null} />
        </Suspense>
      )}
    </Toaster>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="px-4">
      <RouteErrorBoundary error={error} />
    </main>
  );
}
