import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel.ts";
import { User } from "./User.ts";

export class ChatMessage extends BaseModel {
  static override tableName = "chat_messages";

  id!: number;
  userId!: number;
  message!: string;
  createdAt!: Date;
  author?: User;

  static override get relationMappings(): RelationMappings {
    return {
      author: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "chat_messages.userId", to: "users.id" } },
    };
  }
}
