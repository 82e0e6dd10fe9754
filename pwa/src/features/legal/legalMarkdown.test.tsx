import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LegalMarkdown, type RenderLink } from "./legalMarkdown";

const link: RenderLink = (href, children, key) => createElement("a", { href, key }, children);
const html = (text: string) => renderToStaticMarkup(createElement(LegalMarkdown, { text, renderLink: link }));

describe("legal text renderer", () => {
  it("draws headings, paragraphs, lists and rules", () => {
    expect(html("# Terms\n\nFirst line\nsame paragraph.\n\n## 1. Adults\n\n- one\n- two\n  continued\n\n1. first\n2. second\n\n---\n### End")).toBe(
      "<h1>Terms</h1><p>First line same paragraph.</p><h2>1. Adults</h2><ul><li>one</li><li>two continued</li></ul>" +
        "<ol><li>first</li><li>second</li></ol><hr/><h3>End</h3>",
    );
  });

  it("draws bold, emphasis, code and links inside text", () => {
    expect(html("**By playing** you agree to our [Privacy Policy](/privacy), *really*, and `foilbound.sid`.")).toBe(
      '<p><strong>By playing</strong> you agree to our <a href="/privacy">Privacy Policy</a>, <em>really</em>, and <code>foilbound.sid</code>.</p>',
    );
    expect(html("- **Session cookie (`foilbound.sid`).** Keeps you signed in.")).toBe(
      "<ul><li><strong>Session cookie (<code>foilbound.sid</code>).</strong> Keeps you signed in.</li></ul>",
    );
  });

  it("shows HTML in a text as text, never as markup", () => {
    const out = html('Hello <script>alert(1)</script> <img src=x onerror="alert(2)"> [x](javascript:alert(3))');
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<img");
    expect(out).toContain("&lt;script&gt;");
  });

  it("renders the shipped terms and privacy texts with every heading and no stray markers", () => {
    for (const file of ["terms-of-service.md", "privacy-policy.md"]) {
      const text = readFileSync(path.join(import.meta.dirname, "../../../../assets/public", file), "utf8");
      const out = html(text);
      const headings = text.split("\n").filter((l) => /^#{1,6}\s/.test(l)).length;
      expect(out.match(/<h[1-6]>/g)?.length).toBe(headings);
      expect(out).not.toMatch(/\*\*|`|\]\(/);
    }
  });
});
