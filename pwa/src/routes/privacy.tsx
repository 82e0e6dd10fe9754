import { createFileRoute } from "@tanstack/react-router";
import { legalTextQueryOptions } from "../features/legal/api";
import { LegalPage } from "../features/legal/components/LegalPage";

export const Route = createFileRoute("/privacy")({
  staticData: { public: true },
  // The text is fetched as soon as the route matches, in parallel with the page's code (not
  // awaited: the page shows its own loading and error states).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(legalTextQueryOptions("/privacy-policy.md"));
  },
  component: () => <LegalPage title="Privacy Policy" source="/privacy-policy.md" />,
});
