import { Link } from "@tanstack/react-router";
import { Icon } from "../../../lib/ui/Icon";
import { NAV_ITEMS, type NavItemId } from "../navigation";

/** One list of views: a tab row under the header on wide screens, a bottom tab bar on phones. */
export function MainNav({ badges = {} }: { badges?: Partial<Record<NavItemId, number>> }) {
  return (
    <nav className="main-nav" aria-label="Game">
      <ul className="main-nav__list">
        {NAV_ITEMS.map((item) => {
          const badge = badges[item.id] ?? 0;
          return (
            <li key={item.id}>
              <Link to={item.to} className="main-nav__link" activeOptions={{ exact: item.to === "/" }}>
                <span className="main-nav__icon">
                  <Icon name={item.icon} size={22} />
                  {badge > 0 && (
                    <span className="main-nav__badge">
                      {badge}
                      <span className="visually-hidden"> ready</span>
                    </span>
                  )}
                </span>
                <span className="main-nav__label">{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
