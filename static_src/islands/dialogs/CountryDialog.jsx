/**
 * Country picker: a search box over the countries, grouped by continent, names and continents
 * in the page's locale (CLDR, from the server's per-locale list, loaded with the dialog). Choosing one stores it (state module, mirrored in
 * the `country` cookie), writes `country` into the page's query and closes. While searching, a
 * status region tells screen readers how many countries match, or that none does.
 */
import { useDeferredValue, useMemo, useState } from "react";
import Dialog from "../Dialog.jsx";
import { chooseInQuery } from "../../state.js";
import { flagUrl } from "./flags.js";

/** Lower case without accents, so "mexi" finds "México" and "cote" finds "Côte d’Ivoire". */
function fold(text, locale) {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase(locale);
}

/** The flag beside the country's name: decorative (alt=""), loaded when scrolled into view. */
function Flag({ code }) {
  const src = flagUrl(code);
  return src
    ? <img className="country-flag" src={src} alt="" width="24" height="18" loading="lazy" decoding="async" />
    : <span className="country-flag country-flag--none" aria-hidden="true" />;
}

export default function CountryDialog({ open, onClose, t, current, choices }) {
  const { groups } = choices; // /choices/countries/{locale}.json, loaded with this dialog
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const locale = document.documentElement.lang || undefined;
  const indexed = useMemo(
    () => groups.map((group) => ({ ...group, countries: group.countries.map((row) => [...row, fold(row[1], locale)]) })),
    [groups, locale],
  );
  const needle = fold(deferred.trim(), locale);
  const shown = indexed
    .map((group) => ({
      ...group,
      countries: group.countries.filter(([code, , , folded]) => !needle || folded.includes(needle) || code.toLowerCase() === needle),
    }))
    .filter((group) => group.countries.length > 0);
  // Said by the status region while searching (the list itself is not announced).
  const count = new Intl.NumberFormat(locale).format(shown.reduce((sum, group) => sum + group.countries.length, 0));

  function choose(code) {
    onClose();
    chooseInQuery("country", code);
  }

  return (
    <Dialog open={open} onClose={onClose} title={t("country.title")} titleId="country-dialog-title" variant="bottom"
      closeLabel={t("dialog.close")}>
      <div className="field country-search">
        <label className="field-label" htmlFor="country-search">{t("country.search")}</label>
        <input className="input" id="country-search" type="search" data-autofocus="" autoComplete="off" value={query}
          onChange={(event) => setQuery(event.target.value)} />
      </div>
      <div className="country-results" role="status">
        {shown.length === 0
          ? <p className="country-results__empty">{t("country.no_results", { query: deferred.trim() })}</p>
          : needle && <p className="visually-hidden">{t("country.matches", { query: deferred.trim(), number: count })}</p>}
      </div>
      {shown.map((group) => (
        <section className="country-group" key={group.name} aria-label={group.name}>
          <h3 className="currency-group__title">{group.name}</h3>
          <ul className="currency-list">
            {group.countries.map(([code, name]) => (
              <li key={code}>
                <button type="button" className="currency-list__item" aria-current={code === current ? "true" : undefined} data-country={code}
                  onClick={() => choose(code)}>
                  <Flag code={code} />
                  <span className="currency-list__name">{name}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Dialog>
  );
}
