/**
 * The phone's main menu: a side sheet (inline start; swipes out left in LTR, right in RTL)
 * with the header's navigation. Following a link closes it (the route changes).
 */
import Dialog from "../Dialog.jsx";
import NavLink from "../NavLink.jsx";

export default function MenuSheet({ open, onClose, t, nav }) {
  return (
    <Dialog open={open} onClose={onClose} title={t("header.menu")} titleId="menu-sheet-title" variant="side"
      closeLabel={t("dialog.close")}>
      <nav aria-label={t("a11y.main_navigation")}>
        <ul className="menu-list">
          {nav.map((link) => (
            <li key={link.id}><NavLink link={link} className="menu-list__link" t={t} onClick={onClose} /></li>
          ))}
        </ul>
      </nav>
    </Dialog>
  );
}
