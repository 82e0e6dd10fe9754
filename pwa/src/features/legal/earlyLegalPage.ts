import "../../lib/ui/Button.css";
import "./components/LegalPage.css";
import { el } from "../../lib/el";
import { INLINE, parseBlocks } from "./legalBlocks";

// /terms and /privacy drawn before the app's code has run (issue 11: the text was the page's
// largest element and waited ~2 s for React, the router and the page's chunk on a slow phone).
// Plain DOM, the same markup and classes as components/LegalPage.tsx with its text in, so when
// React draws the page over it (starting from the same text, see lib/earlyText.ts) nothing
// moves. Every character of the file is text, never HTML, as in legalMarkdown.tsx.

const SVG = "http://www.w3.org/2000/svg";
/** The arrowLeft icon of lib/ui/Icon.tsx. */
const ARROW_LEFT = ["m12 19-7-7 7-7", "M19 12H5"];

function arrowIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  const attrs = { width: "18", height: "18", viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round", "stroke-linejoin": "round", "aria-hidden": "true", focusable: "false" };
  for (const [name, value] of Object.entries(attrs)) svg.setAttribute(name, value);
  for (const d of ARROW_LEFT) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

const backToGame = () => el("a", { href: "/", class: "btn btn--secondary btn--md" }, [arrowIcon(), el("span", { class: "btn__label" }, ["Back to Game"])]);

/** Links as LegalPage draws them: web links in a new tab, our pages and mail as they are, others as text. */
function link(href: string, children: (Node | string)[]): Node {
  if (/^https?:\/\//i.test(href)) return el("a", { href, target: "_blank", rel: "noopener noreferrer" }, children);
  if (/^mailto:/i.test(href) || /^[/#]/.test(href)) return el("a", { href }, children);
  return el("span", {}, children);
}

export function inlineNodes(text: string): (Node | string)[] {
  const out: (Node | string)[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[2] !== undefined) out.push(el("strong", {}, inlineNodes(m[2])));
    else if (m[4] !== undefined) out.push(el("em", {}, inlineNodes(m[4])));
    else if (m[5] !== undefined) out.push(el("code", {}, [m[5]]));
    else out.push(link(m[7]!, inlineNodes(m[6]!)));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function markdownNodes(markdown: string): Node[] {
  return parseBlocks(markdown).map((block) => {
    switch (block.kind) {
      case "heading":
        return el(`h${block.level}`, {}, inlineNodes(block.text));
      case "paragraph":
        return el("p", {}, inlineNodes(block.text));
      case "rule":
        return el("hr");
      case "list":
        return el(block.ordered ? "ol" : "ul", {}, block.items.map((item) => el("li", {}, inlineNodes(item))));
    }
  });
}

/**
 * Draws the legal page with `markdown` into `root`, only while root still shows index.html's
 * static loading screen (if the app got there first, it draws the page itself).
 */
export function showEarlyLegalPage(root: HTMLElement, markdown: string): void {
  const loading = root.querySelector(".loading-screen");
  if (!loading || root.children.length !== 1) return;
  const logoAlt = loading.querySelector("img")?.getAttribute("alt") ?? "";
  const logo = el("span", { class: "logo logo--sm" }, [el("img", { class: "logo__image", src: "/logo.svg", alt: logoAlt, width: "511", height: "128" })]);
  root.replaceChildren(
    el("div", { class: "legal" }, [
      el("header", { class: "legal__bar" }, [el("a", { href: "/", class: "legal__logo", "aria-label": "Back to the game" }, [logo]), backToGame()]),
      el("main", { class: "legal__main" }, [
        el("article", { class: "legal__doc panel", "aria-busy": "false" }, markdownNodes(markdown)),
        el("div", { class: "legal__footer" }, [backToGame()]),
      ]),
    ]),
  );
}
