import type { RelationMappings } from "objection";
import type { StoredTradeStatus } from "../game/trading.ts";
import { BaseModel } from "./BaseModel.ts";
import { Card } from "./Card.ts";
import { User } from "./User.ts";

/** One offer: one of the sender's cards for one of the recipient's (RULES.md, Trading). */
export class Trade extends BaseModel {
  static override tableName = "trades";

  id!: number;
  fromUserId!: number;
  toUserId!: number;
  offeredCardId!: number;
  requestedCardId!: number;
  status!: StoredTradeStatus;
  createdAt!: Date;
  updatedAt!: Date;
  expiresAt!: Date;
  acceptedAt!: Date | null;
  fromUser?: User;
  toUser?: User;
  offeredCard?: Card;
  requestedCard?: Card;

  static override get relationMappings(): RelationMappings {
    return {
      fromUser: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "trades.fromUserId", to: "users.id" } },
      toUser: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "trades.toUserId", to: "users.id" } },
      offeredCard: { relation: BaseModel.BelongsToOneRelation, modelClass: Card, join: { from: "trades.offeredCardId", to: "cards.id" } },
      requestedCard: { relation: BaseModel.BelongsToOneRelation, modelClass: Card, join: { from: "trades.requestedCardId", to: "cards.id" } },
    };
  }
}
