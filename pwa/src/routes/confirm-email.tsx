import { createFileRoute } from "@tanstack/react-router";
import { ConfirmEmailPage } from "../features/auth/components/ConfirmEmailPage";

/** The page the link sent to a new e-mail address opens (issue 46). */
export const Route = createFileRoute("/confirm-email")({
  staticData: { public: true },
  validateSearch: (search: Record<string, unknown>): { token: string } => ({ token: typeof search.token === "string" ? search.token : "" }),
  component: function ConfirmEmailRoute() {
    return <ConfirmEmailPage token={Route.useSearch().token} />;
  },
});
