/**
 * The click main.js held for an island that was not on screen yet (a server control marked
 * `data-action`): `run(action)` gets it once the island's render is committed. Checked after
 * every commit, since a click may still be held while React renders; `resume` is mount.js's.
 */
import { useEffect } from "react";

export function useHeldAction(resume, run) {
  useEffect(() => {
    const action = resume?.takeAction() || "";
    if (action) run(action);
  });
}
