/**
 * A dialog whose code loads on first open: `load` is the dialog module's `import()`. Until the
 * first open nothing is fetched; afterwards the dialog stays mounted (closed) so reopening is
 * instant. A chunk that fails to load takes the living parts' one-reload-per-minute path.
 */
import { useEffect, useState } from "react";
import { onChunkFailure } from "../living.js";

export default function LazyDialog({ load, open, onClose, ...props }) {
  const [Component, setComponent] = useState(null);

  useEffect(() => {
    if (!open || Component) return undefined;
    let live = true;
    load().then(
      (module) => live && setComponent(() => module.default),
      (error) => {
        console.error(error);
        onClose();
        onChunkFailure();
      },
    );
    return () => {
      live = false;
    };
  }, [open, Component, load, onClose]);

  return Component ? <Component open={open} onClose={onClose} {...props} /> : null;
}
