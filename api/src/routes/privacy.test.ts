import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveCards, plainCard } from "../testing/cards.ts";
import { signedUpClient, startTestServer, type ApiClient, type TestServer } from "../testing/testServer.ts";

// RULES.md, Accounts: another player's login username never leaves the server. Chat, the
// leaderboard, trades, owner lists and battles show the public (display) name instead.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const LOGIN = "SecretLogin77";

async function signUp(username: string, displayName: string): Promise<{ client: ApiClient; id: number }> {
  const client = server.client();
  const res = await client.post("/api/auth/register", { username, password: "violet-harbour-42", displayName, ageConfirmed: true, termsAccepted: true });
  expect(res.status).toBe(201);
  return { client, id: res.body.user.id };
}

describe("login usernames stay private", () => {
  it("no answer another player can read contains the login username", async () => {
    const secret = await signUp(LOGIN, "ShownName");
    await server.db("users").where({ id: secret.id }).update({ created_at: new Date(Date.now() - 2 * 86_400_000), set1_packs_opened: 10 });
    const [secretCard] = await giveCards(server.db, secret.id, [plainCard(1, 3)]);
    const viewer = await signedUpClient(server, "Viewer");
    const viewerId = (await viewer.get("/api/user")).body.id;
    await server.db("users").where({ id: viewerId }).update({ created_at: new Date(Date.now() - 2 * 86_400_000), set1_packs_opened: 10 });
    const [viewerCard] = await giveCards(server.db, viewerId, [plainCard(1, 4)]);

    expect((await secret.client.post("/api/chat/messages", { message: "hello from me" })).status).toBe(201);
    expect((await secret.client.post("/api/trade/offer", { toUserId: viewerId, offeredCardIds: [secretCard], requestedCardId: viewerCard })).status).toBe(201);
    const battle = (await viewer.post("/api/battle/find-opponent")).body.battleId;
    const card = plainCard(1, 3);

    const seen = [
      await viewer.get("/api/chat/messages"),
      await viewer.get("/api/leaderboard"),
      await viewer.get("/api/trade/offers"),
      await viewer.get(`/api/trade/cards/${card.character}/_empty_/1/false/false/false/owners`),
      await viewer.get(`/api/battle/${battle}`),
    ];
    for (const res of seen) {
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text, res.headers.get("content-type") ?? "").not.toMatch(new RegExp(LOGIN, "i"));
    }
    expect(JSON.stringify(seen[0]!.body)).toContain("ShownName");
    expect(JSON.stringify(seen[1]!.body)).toContain("ShownName");
    expect(seen[4]!.body.player2Name).toBe("ShownName");
    // The player still sees their own login name in their own account.
    expect((await secret.client.get("/api/user")).body.username).toBe(LOGIN);
  });

  it("a player without a display name yet appears as 'Player {id}'", async () => {
    await signUp("TakenName", "TakenName");
    // Signing up asking for a display name someone already has leaves it unset.
    const unnamed = await signUp("QuietLogin", "TakenName");
    expect((await unnamed.client.post("/api/chat/messages", { message: "hi" })).body.user).toEqual({ id: unnamed.id, displayName: `Player ${unnamed.id}`, username: `Player ${unnamed.id}` });
  });
});
