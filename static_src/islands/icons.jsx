/**
 * The icons islands draw: the server's own, templates/includes/icons/{name}.svg (what
 * storefront/web/icons.py `icon()` inlines), read at build time by the `svg-icons:` plugin
 * (../svg-icons.mjs). To draw another icon, add its file there and its name below; icons.test.js
 * renders each one and compares it with the server's.
 */
import { createElement } from "react";
import {
  attributes,
  flipped,
  shapes,
} from "svg-icons:back,chevron,close,currency,dark,expand,external,forward,globe,heart,light,menu,minus,pin,plus,search,system,user";

// Icons that point along the reading direction mirror in right-to-left pages (their files say so).
const FLIP_RTL = new Set(flipped);

export function Icon({ name, small = false }) {
  const classes = ["icon", small && "icon--small", FLIP_RTL.has(name) && "icon--flip-rtl"];
  return (
    <svg className={classes.filter(Boolean).join(" ")} {...attributes}>
      {shapes[name]?.map(([tag, props], index) => createElement(tag, { key: index, ...props }))}
    </svg>
  );
}
