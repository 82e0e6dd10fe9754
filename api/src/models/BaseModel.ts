import { Model, snakeCaseMappers } from "objection";

/** camelCase properties over snake_case columns. Queries always receive a knex or trx explicitly. */
export class BaseModel extends Model {
  static override get columnNameMappers() {
    return snakeCaseMappers();
  }
}
