import { Fragment } from "react";

/**
 * Where a long e-mail address may wrap: after the "@" and before each dot of the domain, never
 * inside a word (issue 44: on a 390 px phone 'support@foilbound.exampl|e' broke mid-word).
 */
export function emailBreakParts(address: string): string[] {
  const at = address.lastIndexOf("@");
  if (at < 0) return [address];
  const local = address.slice(0, at + 1);
  const domain = address.slice(at + 1).split(/(?=\.)/);
  return [local, ...domain];
}

/** An e-mail address as text with its sensible line-break points (<wbr>); copy-paste gives it whole. */
export function EmailAddress({ address }: { address: string }) {
  return (
    <>
      {emailBreakParts(address).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
