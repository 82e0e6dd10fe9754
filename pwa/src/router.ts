import type { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { MSG } from "@contract/messages";
import { createElement } from "react";
import { RouteErrorPage, describeRouteError } from "./lib/ui/RouteErrorPage";
import { routeTree } from "./routeTree.gen";

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: "intent",
    scrollRestoration: true,
    // SPEC.md section 2: routing failures show 'Unexpected Application Error!'; so do unknown paths.
    defaultErrorComponent: ({ error, reset }) => createElement(RouteErrorPage, { detail: describeRouteError(error), onRetry: reset }),
    defaultNotFoundComponent: () => createElement(RouteErrorPage, { detail: MSG.pageNotFound }),
  });
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
