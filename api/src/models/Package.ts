import { BaseModel } from "./BaseModel.ts";

/** A store package (RULES.md, Store): the price charged and the amount credited come from here. */
export class Package extends BaseModel {
  static override tableName = "packages";

  id!: string;
  name!: string;
  type!: "coins" | "gems";
  coins!: number;
  gems!: number;
  priceCents!: number;
  popular!: boolean;
  bonus!: string | null;
  bonusPercentage!: number;
  sortOrder!: number;
  active!: boolean;
}
