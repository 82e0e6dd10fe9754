import { useIsFetching, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { MSG } from "@contract/messages";
import type { PackageDto, PaymentsConfigDto, PurchaseHistoryItemDto, PurchaseResultDto } from "@contract/store";
import { playSound } from "../../audio/useAudio";
import { appConfigQueryKey, useAppConfig } from "../../lib/appConfig";
import { ApiError, apiRequest } from "../../lib/http";
import { getSession, updateUser } from "../../lib/session";
import { refreshUserData } from "../../lib/userData";
import { spendingLimitKey } from "../spending/api";
import {
  balanceCaughtUp,
  intentIdFromClientSecret,
  REFRESH_ATTEMPTS,
  REFRESH_FIRST_DELAY_MS,
  REFRESH_GAP_MS,
  stepErrorText,
  type PurchaseStep,
} from "./storeRules";

// SPEC.md section 4, store flow: list packages, choose one (create payment intent), card form,
// pay, confirm with the server, success; then wait 0.5 s, refresh user data (up to 3 tries, 1 s
// apart) and reload the purchase history.

const FAILED_TO_LOAD_PACKAGES = "Failed to load packages";

export const packagesQueryKey = ["store", "packages"] as const;
export const historyQueryKey = (userId: number) => ["store", "history", userId] as const;

/** A card step that did not pay: `message` is shown as is; `spent` means the intent cannot be reused. */
export class CardError extends Error {
  constructor(
    message: string,
    readonly spent = false,
  ) {
    super(message);
    this.name = "CardError";
  }
}

/** Takes the card for a payment intent: resolves once paid, throws CardError otherwise. */
export type CardConfirmer = (clientSecret: string) => Promise<void>;

/** The text for a failed step: server text, network error, or the step's fallback. */
export function errorTextOf(step: PurchaseStep, err: unknown): string {
  if (err instanceof CardError) return err.message;
  if (err instanceof ApiError) return stepErrorText(step, { network: err.isNetworkError, serverText: err.message });
  return MSG.unexpectedPaymentError;
}

export function usePackages() {
  return useQuery({
    queryKey: packagesQueryKey,
    queryFn: ({ signal }) => apiRequest<PackageDto[]>("/packages", { fallback: FAILED_TO_LOAD_PACKAGES, signal }),
    staleTime: 5 * 60 * 1000,
  });
}

/** The payment provider the server runs; `checking` until its first answer of this visit. */
export function usePaymentsConfig(): { payments: PaymentsConfigDto; checking: boolean; unavailable: boolean } {
  const { payments } = useAppConfig();
  const fetching = useIsFetching({ queryKey: appConfigQueryKey }) > 0;
  const usable = payments.provider === "test" || (payments.provider === "stripe" && !!payments.publishableKey);
  return { payments, checking: !usable && fetching, unavailable: !usable && !fetching };
}

/**
 * The test provider's refund (its stand-in for a refund from a payment dashboard): the server
 * takes the credit back, the balance and the history show it.
 */
export function useTestRefund(userId: number) {
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refund = useCallback(
    async (paymentIntentId: string) => {
      setBusyId(paymentIntentId);
      setError(null);
      try {
        const result = await apiRequest<{ newCoinCount: number; newGemCount: number }>("/test-payments/refund", { method: "POST", body: { paymentIntentId }, fallback: "Failed to refund the test purchase" });
        updateUser({ coins: result.newCoinCount, gems: result.newGemCount });
        await queryClient.invalidateQueries({ queryKey: historyQueryKey(userId) });
      } catch (err) {
        setError(err instanceof Error ? err.message : "Failed to refund the test purchase");
      } finally {
        setBusyId(null);
      }
    },
    [queryClient, userId],
  );
  return { refund, busyId, error };
}

export function usePurchaseHistory(userId: number) {
  return useQuery({
    queryKey: historyQueryKey(userId),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<PurchaseHistoryItemDto[]>("/purchase-history", { fallback: MSG.failedToFetchPurchases, signal });
      } catch (err) {
        throw new Error(errorTextOf("history", err));
      }
    },
    retry: false,
  });
}

/** The test provider's card step (RULES.md, Store): our own API stands in for the card network. */
export async function payWithTestCard(clientSecret: string, card: { cardNumber: string; expiry: string; cvc: string }): Promise<void> {
  try {
    await apiRequest<{ status: string; paymentIntentId: string }>("/test-payments/confirm", {
      method: "POST",
      body: { clientSecret, ...card },
      fallback: MSG.paymentFailed,
    });
  } catch (err) {
    if (err instanceof ApiError && !err.isNetworkError) throw new CardError(err.message, err.status === 402);
    throw err;
  }
}

export type PurchaseView =
  | { step: "packages" }
  | { step: "payment"; pkg: PackageDto; clientSecret: string | null }
  | { step: "success"; pkg: PackageDto; result: PurchaseResultDto };

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

function createIntent(packageId: string): Promise<{ clientSecret: string }> {
  return apiRequest<{ clientSecret: string }>("/create-payment-intent", { method: "POST", body: { packageId }, fallback: MSG.failedToCreatePayment });
}

/** After a purchase: 0.5 s, then up to 3 user-data refreshes 1 s apart until the balance shows it. */
async function catchUpAfterPurchase(queryClient: QueryClient, expected: { coins: number; gems: number }, userId: number): Promise<void> {
  await sleep(REFRESH_FIRST_DELAY_MS);
  for (let attempt = 0; attempt < REFRESH_ATTEMPTS; attempt++) {
    if (attempt > 0) await sleep(REFRESH_GAP_MS);
    await refreshUserData(queryClient);
    if (balanceCaughtUp(getSession().user ?? undefined, expected)) break;
  }
  await queryClient.invalidateQueries({ queryKey: historyQueryKey(userId) });
  // The month's paid total moved (RULES.md, Spending limit).
  await queryClient.invalidateQueries({ queryKey: spendingLimitKey });
}

/** The Store screen's purchase flow (one package at a time). */
export function usePurchaseFlow(userId: number) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<PurchaseView>({ step: "packages" });
  const [creatingId, setCreatingId] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const choose = useCallback(async (pkg: PackageDto) => {
    if (busy.current) return;
    busy.current = true;
    setCreatingId(pkg.id);
    setError(null);
    try {
      const { clientSecret } = await createIntent(pkg.id);
      setView({ step: "payment", pkg, clientSecret });
      // The server records the purchase as pending from here on.
      void queryClient.invalidateQueries({ queryKey: historyQueryKey(userId) });
    } catch (err) {
      setError(errorTextOf("create", err));
    } finally {
      busy.current = false;
      setCreatingId(null);
    }
  }, [queryClient, userId]);

  const pay = useCallback(
    async (confirmCard: CardConfirmer) => {
      if (view.step !== "payment" || busy.current) return;
      const { pkg } = view;
      busy.current = true;
      setProcessing(true);
      setError(null);
      let step: PurchaseStep = "create";
      try {
        // A declined intent is spent: the next try gets a new one.
        const clientSecret = view.clientSecret ?? (await createIntent(pkg.id)).clientSecret;
        setView({ step: "payment", pkg, clientSecret });
        step = "card";
        try {
          await confirmCard(clientSecret);
        } catch (err) {
          if (err instanceof CardError && err.spent) setView({ step: "payment", pkg, clientSecret: null });
          throw err;
        }
        step = "confirm";
        const result = await apiRequest<PurchaseResultDto>("/confirm-purchase", {
          method: "POST",
          body: { paymentIntentId: intentIdFromClientSecret(clientSecret), packageId: pkg.id },
          fallback: MSG.failedToConfirmPurchase,
        });
        if (result.status === "completed") updateUser({ coins: result.newCoinCount, gems: result.newGemCount });
        playSound("purchase");
        setView({ step: "success", pkg, result });
        const expected = { coins: result.newCoinCount, gems: result.newGemCount };
        void catchUpAfterPurchase(queryClient, expected, userId).catch((err: unknown) => console.warn(err));
      } catch (err) {
        setError(errorTextOf(step, err));
        // A decline is recorded as failed: the history shows it.
        void queryClient.invalidateQueries({ queryKey: historyQueryKey(userId) });
      } finally {
        busy.current = false;
        setProcessing(false);
      }
    },
    [view, queryClient, userId],
  );

  const backToPackages = useCallback(() => {
    if (busy.current) return;
    setError(null);
    setView({ step: "packages" });
  }, []);

  /** Card form errors found before any call (e.g. 'Card information not found'). */
  const fail = useCallback((text: string) => setError(text), []);

  return { view, creatingId, processing, error, choose, pay, backToPackages, fail, clearError: () => setError(null) };
}
