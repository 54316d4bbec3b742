/**
 * The islands' props checks. Each island module exports `checkProps(props)`, which mount.js runs
 * before it mounts the island; it throws, naming every field that differs from what the Python
 * builder (registered by the island's app: storefront/<app>/islands.py) sends, and then the island is not mounted at all.
 */
export function checkShape(builder, fields) {
  const wrong = Object.keys(fields).filter((name) => !fields[name]);
  if (wrong.length > 0) throw new Error(`props do not match ${builder}: ${wrong.join(", ")}`);
}
