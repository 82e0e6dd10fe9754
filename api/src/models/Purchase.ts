import type { RelationMappings } from "objection";
import type { PurchaseStatus } from "../queries/purchases.ts";
import { BaseModel } from "./BaseModel.ts";
import { Package } from "./Package.ts";
import { User } from "./User.ts";

/** One payment intent and what it credited (and, after a refund or dispute, took back). */
export class Purchase extends BaseModel {
  static override tableName = "purchases";

  id!: number;
  userId!: number | null;
  packageId!: string;
  provider!: string;
  test!: boolean;
  paymentIntentId!: string;
  status!: PurchaseStatus;
  amountCents!: number;
  coinsAwarded!: number;
  gemsAwarded!: number;
  coinsReversed!: number;
  gemsReversed!: number;
  createdAt!: Date;
  completedAt!: Date | null;
  reversedAt!: Date | null;
  package?: Package;
  player?: User;

  static override get relationMappings(): RelationMappings {
    return {
      package: { relation: BaseModel.BelongsToOneRelation, modelClass: Package, join: { from: "purchases.packageId", to: "packages.id" } },
      player: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "purchases.userId", to: "users.id" } },
    };
  }
}
