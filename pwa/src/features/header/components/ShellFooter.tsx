import { Link } from "@tanstack/react-router";
import { useAppConfig } from "../../../lib/appConfig";

export function ShellFooter() {
  const { appName } = useAppConfig();
  return (
    <footer className="shell-footer">
      <nav aria-label="Legal" className="shell-footer__links">
        <Link to="/terms">Terms of Service</Link>
        <Link to="/privacy">Privacy Policy</Link>
      </nav>
      <p className="shell-footer__note">
        {appName} is for adults only (18+). All purchases are final.
      </p>
    </footer>
  );
}
