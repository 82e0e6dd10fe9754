import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "../features/legal/components/LegalPage";

export const Route = createFileRoute("/terms")({
  staticData: { public: true },
  component: () => <LegalPage title="Terms of Service" source="/terms-of-service.md" />,
});
