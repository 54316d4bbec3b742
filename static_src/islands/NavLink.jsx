/** A chrome link (props' link rows: id, label key, href, external), as templates/includes/link.html. */
import { Icon } from "./icons.jsx";

export default function NavLink({ link, className, t, onClick }) {
  const external = link.external ? { rel: "noopener", target: "_blank" } : {};
  return (
    <a className={className} href={link.href} data-link={link.id} onClick={onClick} {...external}>
      {t(link.label)}
      {link.external && (
        <>
          <Icon name="external" small />
          <span className="visually-hidden"> {t("a11y.opens_new_tab")}</span>
        </>
      )}
    </a>
  );
}
