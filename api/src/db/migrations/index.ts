import type { Knex } from "knex";
import * as initialSchema from "./20261122000000_initial_schema.ts";
import * as testPaymentIntents from "./20261123000000_test_payment_intents.ts";
import * as leaderboardPlayerCount from "./20261123000100_leaderboard_player_count.ts";
import * as hotPackPath from "./20261123140000_hot_pack_path.ts";
import * as bestCardsCovering from "./20261123180000_best_cards_covering.ts";
import * as hardening from "./20261125000000_hardening.ts";
import * as fairPulls from "./20261126000000_fair_pulls.ts";
import * as spendingLimit from "./20261126100000_spending_limit.ts";
import * as embeddedHotPath from "./20261127000000_embedded_hot_path.ts";
import * as manualCapture from "./20261128000000_manual_capture.ts";
import * as wideCounters from "./20261128100000_wide_counters.ts";
import * as rateLimitsUnlogged from "./20261128120000_rate_limits_unlogged.ts";
import * as revealsBySeed from "./20261128200000_reveals_by_seed.ts";
import * as chatSafety from "./20261129000000_chat_safety.ts";
import * as accountDeletion from "./20261129100000_account_deletion.ts";
import * as accountTokens from "./20261129100000_account_tokens.ts";
import * as passkeys from "./20261129200000_passkeys.ts";
import * as liveEvents from "./20261129210000_live_events.ts";
import * as tradeFinder from "./20261129230000_trade_finder.ts";
import * as testRefunds from "./20261129300000_test_refunds.ts";
import * as optionalPassword from "./20261129310000_optional_password.ts";
import * as cardStacks from "./20261129400000_card_stacks.ts";
import * as cardStacksMulti from "./20261130100000_card_stacks_multi.ts";
import * as cardStacksRaisedByPacks from "./20261130200000_card_stacks_raised_by_packs.ts";
import * as wishPoints from "./20261129500000_wish_points.ts";
import * as ownerIdentityWithId from "./20261129510000_owner_identity_with_id.ts";

// Migrations are listed here and imported statically, so they run the same under tsx, vitest
// and any bundler (knex's own file loader cannot import .ts files everywhere). Append new ones.
const MIGRATIONS: Array<[name: string, migration: Knex.Migration]> = [
  ["20261122000000_initial_schema", initialSchema],
  ["20261123000000_test_payment_intents", testPaymentIntents],
  ["20261123000100_leaderboard_player_count", leaderboardPlayerCount],
  ["20261123140000_hot_pack_path", hotPackPath],
  ["20261123180000_best_cards_covering", bestCardsCovering],
  ["20261125000000_hardening", hardening],
  ["20261126000000_fair_pulls", fairPulls],
  ["20261126100000_spending_limit", spendingLimit],
  ["20261127000000_embedded_hot_path", embeddedHotPath],
  ["20261128000000_manual_capture", manualCapture],
  ["20261128100000_wide_counters", wideCounters],
  ["20261128120000_rate_limits_unlogged", rateLimitsUnlogged],
  ["20261128200000_reveals_by_seed", revealsBySeed],
  ["20261129000000_chat_safety", chatSafety],
  ["20261129100000_account_deletion", accountDeletion],
  ["20261129100000_account_tokens", accountTokens],
  ["20261129200000_passkeys", passkeys],
  ["20261129210000_live_events", liveEvents],
  ["20261129230000_trade_finder", tradeFinder],
  ["20261129300000_test_refunds", testRefunds],
  ["20261129310000_optional_password", optionalPassword],
  ["20261129400000_card_stacks", cardStacks],
  ["20261129500000_wish_points", wishPoints],
  ["20261129510000_owner_identity_with_id", ownerIdentityWithId],
  ["20261130100000_card_stacks_multi", cardStacksMulti],
  ["20261130200000_card_stacks_raised_by_packs", cardStacksRaisedByPacks],
];

export const migrationSource: Knex.MigrationSource<[string, Knex.Migration]> = {
  getMigrations: async () => MIGRATIONS,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
