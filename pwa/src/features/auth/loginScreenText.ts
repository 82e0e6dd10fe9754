// The login screen's and the age gate's texts (SPEC.md section 2), shared by the React screens and
// the age gate boot.ts draws before React has loaded (earlyAgeGate.ts).

export const LOGIN_TAGLINE = "Open foil packs. Chase the Mythics. Build a collection worth bragging about.";

export const AGE_GATE = {
  pageTitle: "Content warning",
  badge: "18+",
  title: "CONTENT WARNING",
  /** Before and after the bold part, with the product's name first. */
  warningLead: " contains ",
  warningBold: "NSFW and explicit content",
  warningTail: " intended for adults only.",
  legalAge: "You must be 18 or older, and of legal age to view such content where you live, to enter.",
  accept: "I am 18+",
  footnote: "By entering you confirm that you are an adult.",
} as const;

export const LOGIN_FOOTER = { terms: "Terms of Service", privacy: "Privacy Policy", adultsOnly: "18+ only" } as const;
