/**
 * /searches for a visitor who is not logged in: the searches this browser saved (state.js
 * `searches`, check-in today or later, newest first), each reopening its results, removable one
 * by one or all at once. The same markup as the server's list of an account's searches in
 * templates/pages/searches.html; the server's fallback is the empty state, which stays when the
 * browser has nothing saved. A logged-in traveller's list is the server's (no island).
 * Props: storefront.search.islands.saved_searches_props.
 */
import { useState } from "react";
import { checkShape } from "./shape.js";
import { readLocal, visibleSearches, writeLocal } from "../state.js";
import { formatDay, guestTotals, isIso, parseGuests } from "../stay.js";

/** Run by mount.js before mounting (see ./shape.js). */
export function checkProps(props) {
  checkShape("saved_searches_props()", { today: isIso(props.today) });
}

function nights(search) {
  const { check_in: checkIn, check_out: checkOut } = search.params;
  return isIso(checkIn) && isIso(checkOut) ? Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86400000) : 0;
}

function Search({ search, t, onRemove }) {
  const totals = guestTotals(parseGuests(search.params.guests || "2"));
  const count = nights(search);
  return (
    <li className="saved-search">
      <a className="saved-search__link" href={search.router}>
        <strong>{search.label}</strong>
        <span>
          {t("search.summary_dates", { check_in: formatDay(search.params.check_in), check_out: formatDay(search.params.check_out) })}
          {count > 0 ? ` · ${t("picker.nights", { count })}` : ""}
        </span>
        <span className="muted">
          {t("guests.adults", { count: totals.adults })}
          {totals.children ? `, ${t("guests.children", { count: totals.children })}` : ""}
        </span>
      </a>
      <button className="button" type="button" onClick={onRemove}>{t("searches.remove")}</button>
    </li>
  );
}

export default function SavedSearches(props) {
  const { t } = props.i18n;
  const [all, setAll] = useState(() => {
    const stored = readLocal("searches");
    return Array.isArray(stored) ? stored : [];
  });
  const shown = visibleSearches(all, props.today).filter((s) => typeof s.router === "string" && s.router.startsWith("/"));

  function keep(next) {
    writeLocal("searches", next);
    setAll(next);
  }

  if (!shown.length) return <p className="saved-searches__empty">{t("searches.empty")}</p>;
  return (
    <>
      <ul className="saved-searches__list">
        {shown.slice().reverse().map((search) => (
          <Search key={search.router} search={search} t={t} onRemove={() => keep(all.filter((s) => s !== search))} />
        ))}
      </ul>
      <button className="button" type="button" onClick={() => keep([])}>{t("searches.clear")}</button>
    </>
  );
}
