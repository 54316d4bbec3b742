/**
 * Country flags as SVG images (the flag-icons package, MIT), for the country dialog: emoji
 * flags show as two letters or a box on Windows and in many Chromium builds. The map of files
 * comes from build.mjs and lives only in the dialog's chunk; each image loads when shown.
 */
import files from "flag-icons:4x3";

/** The URL of the flag of `code` (ISO 3166 alpha-2), or null when there is none. */
export function flagUrl(code) {
  const file = typeof code === "string" ? files[code.toLowerCase()] : undefined;
  // esbuild writes each path relative to the output file that holds this code
  return file ? new URL(file, import.meta.url).href : null;
}
