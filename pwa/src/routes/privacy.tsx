import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "../features/legal/components/LegalPage";

export const Route = createFileRoute("/privacy")({
  staticData: { public: true },
  component: () => <LegalPage title="Privacy Policy" source="/privacy-policy.md" />,
});
