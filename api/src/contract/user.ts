// Response shapes of the account calls (SPEC.md sections 3 and 7). Types only.
import type { PityDto } from "./cards.ts";
import type { PaymentsConfigDto } from "./store.ts";

export interface UserDto {
  id: number;
  username: string;
  /** The spec's fallback name field; same as username. */
  replitUsername: string;
  displayName: string | null;
  email: string | null;
  /** False once the player removed the password: they sign in with passkeys only (issue 46). */
  hasPassword: boolean;
  coins: number;
  gems: number;
  lastCoinGeneration: string;
  /** When the next regenerated coin is due, or null at the cap. */
  nextCoinAt: string | null;
  dailyPacksOpened: number;
  dailyHolosFound: number;
  weeklyLegendariesFound: number;
  weeklyHolosFound: number;
  weeklyPacksOpened: number;
  set1PacksOpened: number;
  set2PacksOpened: number;
  set3PacksOpened: number;
  set4PacksOpened: number;
  set5PacksOpened: number;
  set6PacksOpened: number;
  set7PacksOpened: number;
  totalScore: number;
  cardCount: number;
  createdAt: string;
  /** RULES.md, Pity: per set, packs since its last Legendary or Mythic and the guarantee. */
  pity?: PityDto[];
  /** RULES.md, Trading: true until the account is a day old and has opened 10 packs. */
  tradingLocked?: boolean;
}

export interface AuthResponse {
  user: UserDto;
}

export interface AvailabilityResponse {
  available: boolean;
  error?: string;
}

export interface ErrorResponse {
  error: string;
}

export interface AppInfo {
  appName: string;
  supportEmail: string;
  /** Issue 46: "Forgot password?" sends a reset link (the operator configured mail). */
  passwordResetByMail: boolean;
  payments: PaymentsConfigDto;
}
