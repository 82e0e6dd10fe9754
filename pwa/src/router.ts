import type { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { createElement } from "react";
import { preloadModules } from "./lib/loadInStages";
import { readPreloadPlan } from "./lib/preloadPlan";
import { getSession, subscribeSession } from "./lib/session";
import { NotFoundPage, RouteError } from "./lib/ui/RouteErrorPage";
import { routeTree } from "./routeTree.gen";

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: "intent",
    scrollRestoration: true,
    // SPEC.md section 2: routing failures show 'Unexpected Application Error!'; unknown paths a 404.
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: () => createElement(NotFoundPage),
  });
  holdGameChunksUntilSignedIn(router);
  return router;
}

/**
 * The router fetches a matched route's code before rendering it; a visitor on the login screen
 * at / would download the packs screen they cannot see yet. A remembered player fetches the view
 * in parallel with the session check; for anyone else the fetch is held (the router does not wait
 * for it) and starts the moment the check or the login lets them in. A view not fetched yet loads
 * itself when the session gate renders it. The view's own chunks are asked for a few per task
 * first (the build's preload plan), so that its import finds them on their way.
 */
function holdGameChunksUntilSignedIn(router: { routesById: object }) {
  const held = new Set<() => Promise<void>>();
  subscribeSession(() => {
    if (!getSession().isAuthenticated) return;
    for (const preload of held) void preload();
    held.clear();
  });
  const plan = readPreloadPlan().routes ?? {};
  const routes = Object.values(router.routesById) as Array<{ isRoot: boolean; fullPath: string; options: { staticData?: { public?: boolean }; component?: unknown } }>;
  for (const route of routes) {
    const component = route.options.component as { preload?: () => Promise<void> } | undefined;
    if (route.isRoot || route.options.staticData?.public || !component?.preload) continue;
    const load = component.preload;
    const ownChunks = plan[route.fullPath] ?? [];
    const preload = () => preloadModules(ownChunks).then(load);
    component.preload = () => {
      if (getSession().isAuthenticated) return preload();
      held.add(preload);
      return Promise.resolve();
    };
  }
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** Shown without signing in (SPEC.md section 6: the terms and privacy pages). */
    public?: boolean;
  }
}
