import { BaseModel } from "./BaseModel.ts";

export class User extends BaseModel {
  static override tableName = "users";

  id!: number;
  username!: string;
  displayName!: string | null;
  email!: string | null;
  /** Null: the player removed the password and signs in with passkeys only (issue 46 item 2). */
  passwordHash!: string | null;
  coins!: number;
  gems!: number;
  lastCoinGeneration!: Date;
  dailyPeriod!: string | null;
  dailyLogins!: number;
  dailyPacksOpened!: number;
  dailyHolosFound!: number;
  weeklyPeriod!: string | null;
  weeklyPacksOpened!: number;
  weeklyHolosFound!: number;
  weeklyLegendariesFound!: number;
  set1PacksOpened!: number;
  set2PacksOpened!: number;
  set3PacksOpened!: number;
  set4PacksOpened!: number;
  set5PacksOpened!: number;
  set6PacksOpened!: number;
  set7PacksOpened!: number;
  totalScore!: number;
  cardCount!: number;
  /** Bumped by the database on every update (compare-and-swap writes). */
  version!: number;
  battleCoinsDay!: string | null;
  battleCoinsToday!: number;
  ageConfirmedAt!: Date;
  termsAcceptedAt!: Date;
  signupNetwork!: string | null;
  /** RULES.md, provably fair pulls: secret until rotated; only its hash is ever shown. */
  serverSeed!: string;
  serverSeedHash!: string;
  clientSeed!: string;
  /** Packs opened with the current server seed. */
  fairNonce!: number;
  /** Packs of each set since its last Legendary or Mythic (RULES.md, Pity). */
  set1Pity!: number;
  set2Pity!: number;
  set3Pity!: number;
  set4Pity!: number;
  set5Pity!: number;
  set6Pity!: number;
  set7Pity!: number;
  createdAt!: Date;
  updatedAt!: Date;
}
