/**
 * A dialog whose code loads on first open: `load` is the dialog module's `import()`. Until the
 * first open nothing is fetched; afterwards the dialog stays mounted (closed) so reopening is
 * instant. With `list` (a URL: the per-locale countries, currencies or languages, storefront/chrome/views.py)
 * the dialog's data loads beside its code and reaches it as `choices`; pages do not carry these
 * lists. A chunk or list that fails to load takes the living parts' one-reload-per-minute path.
 * Opened from an island that rendered with its first words, it waits for i18next too (`t.ready()`).
 */
import { useEffect, useState } from "react";
import { onChunkFailure } from "../living.js";
import { whenSpoken } from "../words.js";

const lists = new Map(); // URL -> Promise of its JSON, shared by every dialog of the page

export function loadList(url) {
  if (!lists.has(url)) {
    const request = fetch(url, { credentials: "same-origin" }).then((response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return response.json();
    });
    request.catch(() => lists.delete(url)); // a later open asks again
    lists.set(url, request);
  }
  return lists.get(url);
}

export default function LazyDialog({ load, list, open, onClose, ...props }) {
  const [loaded, setLoaded] = useState(null); // { Component, choices }

  useEffect(() => {
    if (!open || loaded) return undefined;
    let live = true;
    // An island that rendered with its first words (../words.js) loads i18next with the dialog.
    Promise.all([load(), list ? loadList(list) : null, whenSpoken(props.t)]).then(
      ([module, choices]) => live && setLoaded({ Component: module.default, choices }),
      (error) => {
        console.error(error);
        onClose();
        onChunkFailure();
      },
    );
    return () => {
      live = false;
    };
  }, [open, loaded, load, list, onClose, props.t]);

  if (!loaded) return null;
  const { Component, choices } = loaded;
  return <Component open={open} onClose={onClose} choices={choices} {...props} />;
}
