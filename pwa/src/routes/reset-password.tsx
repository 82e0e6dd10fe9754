import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordPage } from "../features/auth/components/ResetPasswordPage";

/** The page a reset link opens (issue 46): the e-mailed one or the operator's. */
export const Route = createFileRoute("/reset-password")({
  staticData: { public: true },
  validateSearch: (search: Record<string, unknown>): { token: string } => ({ token: typeof search.token === "string" ? search.token : "" }),
  component: function ResetPasswordRoute() {
    return <ResetPasswordPage token={Route.useSearch().token} />;
  },
});
