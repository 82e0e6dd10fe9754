import { BaseModel } from "./BaseModel.ts";

export class Card extends BaseModel {
  static override tableName = "cards";

  id!: number;
  userId!: number;
  character!: string;
  background!: string;
  set!: number;
  isHolo!: boolean;
  isGlitch!: boolean;
  isDarkHolo!: boolean;
  points!: number;
  openedAt!: Date;
}
