import { Fragment, type ReactNode } from "react";
import { INLINE, parseBlocks } from "./legalBlocks";

export { parseBlocks } from "./legalBlocks";

// The legal texts use a small part of Markdown: headings, paragraphs, bulleted and numbered lists,
// rules, **bold**, *emphasis*, `code` and [links](url). This renders exactly that as React
// elements (so every character of the file is text, never HTML) in a few hundred bytes, instead
// of the 36 kB gzip react-markdown chunk on the legal pages' critical path (issue 11, first load).

/** How a link is drawn: the page decides which links stay in the app. */
export type RenderLink = (href: string, children: ReactNode, key: number) => ReactNode;

export function renderInline(text: string, renderLink: RenderLink): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[2] !== undefined) out.push(<strong key={key++}>{renderInline(m[2], renderLink)}</strong>);
    else if (m[4] !== undefined) out.push(<em key={key++}>{renderInline(m[4], renderLink)}</em>);
    else if (m[5] !== undefined) out.push(<code key={key++}>{m[5]}</code>);
    else out.push(renderLink(m[7]!, renderInline(m[6]!, renderLink), key++));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function LegalMarkdown({ text, renderLink }: { text: string; renderLink: RenderLink }) {
  return (
    <>
      {parseBlocks(text).map((block, i) => {
        switch (block.kind) {
          case "heading": {
            const H = `h${block.level}` as const;
            return <H key={i}>{renderInline(block.text, renderLink)}</H>;
          }
          case "paragraph":
            return <p key={i}>{renderInline(block.text, renderLink)}</p>;
          case "rule":
            return <hr key={i} />;
          case "list": {
            const items = block.items.map((item, j) => <li key={j}>{renderInline(item, renderLink)}</li>);
            return block.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
          }
          default:
            return <Fragment key={i} />;
        }
      })}
    </>
  );
}
