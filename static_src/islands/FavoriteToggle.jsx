/**
 * The favorite toggle (spec section 2) of a hotel card or a hotel page: a toggle button
 * (aria-pressed) that keeps the hotel at once (optimistic) and says so in a toast. Anonymous
 * visitors' favorites are this browser's (state.js, `favorites` key; other tabs follow through
 * the storage event); a logged-in traveller's are the account's (`endpoint`, hotels/favorites.py),
 * and a refused or failed call puts the toggle back. Every toggle of the same hotel on the page
 * follows (`storefront:favorite` event); /favorites listens to it too (Favorites.jsx).
 * Everything it says comes with its props (`words`, ../words.js): a page of cards loads no i18next.
 * An anonymous visitor's heart is drawn by the server and this island loads at the first
 * interaction with it (or at idle when the browser keeps favorites): favorite_toggle() in
 * storefront/hotels/templating.py.
 *
 * Props: storefront.hotels.islands.favorite_toggle_props (the page's hearts share them) with
 * favorite_toggle_own (each heart's hotel, in its data-own).
 */
import { useEffect, useState } from "react";
import { showToast } from "../living.js";
import { csrfToken, readFavorites, setFavorite } from "../state.js";
import { Icon } from "./icons.jsx";
import { checkShape } from "./shape.js";
import { useHeldAction } from "./useHeldAction.js";

export const FAVORITE_EVENT = "storefront:favorite";

/** Run by mount.js before mounting (see ./shape.js). */
export function checkProps(props) {
  checkShape("favorite_toggle_props()", {
    hotel: Number.isInteger(props.hotel) && props.hotel > 0,
    name: typeof props.name === "string",
    on: props.on === null || typeof props.on === "boolean",
    endpoint: typeof props.endpoint === "string" && (props.on === null || props.endpoint !== ""),
    words: Boolean(props.words) && typeof props.words === "object" && Object.values(props.words).every((w) => typeof w === "string"),
  });
}

export default function FavoriteToggle({ hotel, name, on, endpoint, i18n, resume }) {
  const { t } = i18n;
  const account = on !== null;
  const [pressed, setPressed] = useState(() => (account ? on : readFavorites().includes(hotel)));

  useEffect(() => {
    const followed = (event) => event.detail?.hotel === hotel && setPressed(event.detail.on);
    const stored = (event) => !account && event.key === "favorites" && setPressed(readFavorites().includes(hotel));
    window.addEventListener(FAVORITE_EVENT, followed);
    window.addEventListener("storage", stored);
    return () => {
      window.removeEventListener(FAVORITE_EVENT, followed);
      window.removeEventListener("storage", stored);
    };
  }, [hotel, account]);

  async function toggle() {
    const next = !pressed;
    setPressed(next);
    if (account) {
      try {
        const response = await fetch(endpoint, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRFToken": await csrfToken() },
          body: JSON.stringify({ hotel, on: next }),
        });
        if (!response.ok) throw new Error(`favorite: ${response.status}`);
      } catch {
        setPressed(!next);
        showToast(t("auth.network_error"), { kind: "error" });
        return;
      }
    } else {
      setFavorite(hotel, next);
    }
    showToast(t(next ? "favorites.saved" : "favorites.removed", { hotel: name }));
    window.dispatchEvent(new CustomEvent(FAVORITE_EVENT, { detail: { hotel, on: next } }));
  }

  // A click on the server's heart before this island was on screen (main.js holds it).
  useHeldAction(resume, (action) => action === "toggle" && toggle());

  return (
    <button type="button" className="favorite" aria-pressed={pressed} onClick={toggle} title={t("favorites.toggle", { hotel: name })}
      data-focus-key="favorite">
      <Icon name="heart" />
      <span className="visually-hidden">{t("favorites.toggle", { hotel: name })}</span>
    </button>
  );
}
