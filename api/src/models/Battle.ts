import type { RelationMappings } from "objection";
import type { BattleCard, RoundResult } from "../game/battle.ts";
import { BaseModel } from "./BaseModel.ts";
import { User } from "./User.ts";

/** A battle as stored: both decks and the rounds played are JSON snapshots. */
export class Battle extends BaseModel {
  static override tableName = "battles";
  static override jsonAttributes = ["player1Deck", "player2Deck", "rounds"];

  id!: number;
  userId!: number;
  opponentUserId!: number | null;
  player1Name!: string;
  player2Name!: string;
  player1Rank!: number | null;
  player2Rank!: number | null;
  player1Life!: number;
  player2Life!: number;
  currentRound!: number;
  player1Deck!: BattleCard[];
  player2Deck!: BattleCard[];
  rounds!: RoundResult[];
  status!: "active" | "complete";
  winnerUserId!: number | null;
  coinsPaid!: number;
  lastRoundAt!: Date | null;
  createdAt!: Date;
  player?: User;

  static override get relationMappings(): RelationMappings {
    return {
      player: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "battles.userId", to: "users.id" } },
    };
  }
}
