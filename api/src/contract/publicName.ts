/**
 * How a player appears to everyone else (RULES.md, Accounts): their display name, never their
 * login username (half of every sign-in). A player who has not chosen a display name yet is
 * 'Player {id}'. Where SPEC.md's shapes carry `username` or `replitUsername` for someone else,
 * this is what goes there.
 */
export function publicNameOf(user: { id: number; displayName: string | null }): string {
  return user.displayName || `Player ${user.id}`;
}
