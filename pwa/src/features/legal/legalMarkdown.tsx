import { Fragment, type ReactNode } from "react";

// The legal texts use a small part of Markdown: headings, paragraphs, bulleted and numbered lists,
// rules, **bold**, *emphasis*, `code` and [links](url). This renders exactly that as React
// elements (so every character of the file is text, never HTML) in a few hundred bytes, instead
// of the 36 kB gzip react-markdown chunk on the legal pages' critical path (issue 11, first load).

/** How a link is drawn: the page decides which links stay in the app. */
export type RenderLink = (href: string, children: ReactNode, key: number) => ReactNode;

type Block =
  | { kind: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; ordered: boolean; items: string[] }
  | { kind: "rule" };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;

export function parseBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    if (list) blocks.push({ kind: "list", ...list });
    paragraph = [];
    list = null;
  };
  for (const raw of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: "heading", level: heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6, text: heading[2]! });
      continue;
    }
    if (RULE.test(line)) {
      flush();
      blocks.push({ kind: "rule" });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = numbered !== null;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1]!);
      continue;
    }
    // A line that continues the last list item, or the current paragraph.
    if (list) list.items[list.items.length - 1] += ` ${line.trim()}`;
    else paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

// Longest first: ** before *, so bold is not read as two emphases.
const INLINE = /(\*\*|__)(.+?)\1|(\*|_)(?=\S)(.+?)(?<=\S)\3(?![\w*])|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

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
