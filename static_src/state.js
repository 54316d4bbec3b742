/**
 * Client state: the one module that reads and writes localStorage and the mirrored cookies.
 * Keys are the spec's (section 3); choices the server renders are mirrored in cookies so the
 * first paint is already right.
 */
const YEAR = 365 * 24 * 60 * 60;

export function readLocal(key, fallback = null) {
  try {
    const value = window.localStorage.getItem(key);
    return value === null ? fallback : JSON.parse(value);
  } catch {
    return fallback;
  }
}

export function writeLocal(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the cookie mirror still carries server-rendered choices */
  }
}

export function writeCookie(name, value, maxAge = YEAR) {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; samesite=lax${secure}`;
}

export function readCookie(name) {
  const prefix = `${name}=`;
  const found = document.cookie.split("; ").find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}
