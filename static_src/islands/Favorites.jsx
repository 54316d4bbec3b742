/**
 * /favorites. For an anonymous visitor the page is rendered from the ids in its address
 * (`?hotels=`, hotels/favorites.py): this island puts this browser's favorites there, newest
 * first (a page listing other hotels, or none, is replaced once by the right one), and offers
 * "Remove all". On either side a hotel un-favorited on the page (FavoriteToggle's event) leaves
 * the list: the page is loaded again without it. Props:
 * storefront.hotels.islands.favorites_props.
 */
import { useEffect } from "react";
import { readFavorites, writeLocal } from "../state.js";
import { FAVORITE_EVENT } from "./FavoriteToggle.jsx";
import { checkShape } from "./shape.js";

/** Run by mount.js before mounting (see ./shape.js). */
export function checkProps(props) {
  checkShape("favorites_props()", {
    listed: Array.isArray(props.listed) && props.listed.every(Number.isInteger),
    signedIn: typeof props.signedIn === "boolean",
  });
}

function showList(ids) {
  const url = new URL(window.location.href);
  if (ids.length) url.searchParams.set("hotels", ids.join(","));
  else url.searchParams.delete("hotels");
  window.location.replace(url.pathname + url.search);
}

export default function Favorites({ listed, signedIn, i18n }) {
  const { t } = i18n;
  const mine = signedIn ? listed : readFavorites().reverse();

  useEffect(() => {
    if (!signedIn && mine.join(",") !== listed.join(",")) showList(mine);
    const left = (event) => {
      if (event.detail?.on !== false) return;
      if (signedIn) window.location.reload();
      else showList(readFavorites().reverse());
    };
    window.addEventListener(FAVORITE_EVENT, left);
    return () => window.removeEventListener(FAVORITE_EVENT, left);
  }, []);

  if (signedIn || mine.length === 0) return null; // the account's: the server's form does it
  return (
    <button
      type="button"
      className="button"
      onClick={() => {
        writeLocal("favorites", []);
        showList([]);
      }}
    >
      {t("favorites.clear")}
    </button>
  );
}
