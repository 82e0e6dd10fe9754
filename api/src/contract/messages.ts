// Every text a player reads in an error or validation message, shared by the API and the PWA
// so both sides say the same thing (SPEC.md sections 5 and 8). Plain constants: no imports.

export const MSG = {
  // Login form and server-side auth
  loginRequired: "Please enter username and password",
  passwordLength: "Password must be 5-15 characters",
  usernameChars: "Username can only contain letters, numbers, underscore, and dash",
  invalidUsername: "Invalid username",
  invalidPassword: "Invalid password",
  wrongPassword: "Wrong password for this username",
  usernameTaken: "Username already taken",
  usernameTakenHint: "Username already taken - try a different name or use the correct password",
  accountCreationFailed: (message: string) => `Account creation failed: ${message}`,
  /** An unknown username whose typed details could not make an account: said before the terms dialog. */
  cannotCreateAccount: (problem: string) => `No account has this username yet. To create one: ${problem}`,
  accountCreationCancelled: "Account creation cancelled. Please try again if you'd like to create an account.",
  ageConfirmationRequired: "You must confirm that you are 18 or older",
  termsRequired: "You must accept the Terms of Service and Privacy Policy",
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  /** Past a limit on the heavy reads (collection, pull history, exports, leaderboard): issue 45. */
  readsTooFast: "You're loading pages faster than the game allows. Please wait a few seconds and try again.",
  notAuthenticated: "Not authenticated",

  // Username / display name
  displayNameInvalid: "Username must be 2-20 characters and contain only letters, numbers, underscore, and dash",
  displayNameAvailable: "✓ Username is available!",
  displayNameTaken: "Username is already taken",

  // Email
  emailInvalid: "Please enter a valid email address",
  emailTaken: "Email address is already in use",
  emailPasswordRequiredChange: "Password is required to change email address",
  emailPasswordRequiredRemove: "Password is required to remove email address",
  currentPasswordWrong: "Current password is incorrect",
  /** Issue 46: with mail configured, a new address changes only once its link is opened. */
  emailConfirmSent: (email: string) => `We sent a confirmation link to ${email}. Your address changes when you open it (within 24 hours).`,
  emailConfirmed: "Email address confirmed!",
  emailConfirmInvalid: "This confirmation link is not valid any more. Please change your address again in Account Settings.",

  // Password reset by e-mail (issue 46; only when the operator configured mail)
  forgotLoginRequired: "Please enter your username or email address",
  /** The same answer whether or not an account matches: nobody learns which accounts exist. */
  resetLinkSent: "If an account with an email address matches, we have sent it a link. The link works once, for 30 minutes.",
  resetLinkInvalid: "This reset link is not valid any more. Please ask for a new one.",
  passwordResetDone: "Your password is changed and you are signed out everywhere. Sign in with your new password.",

  // Delete my account (issue 46)
  deletedPlayerName: "Deleted player",
  deleteAccountPasswordRequired: "Enter your current password to delete your account",
  accountDeleted: "Your account has been deleted",
  deleteAccountProofRequired: "Confirm with your current password or a passkey to delete your account",

  // Passkeys (issue 46): added in Account Settings, used to sign in and to confirm a deletion.
  passkeyNameInvalid: "Give the passkey a name of 1-40 characters",
  passkeyRequestExpired: "The passkey request has expired. Please try again.",
  passkeyNotRecognised: "This passkey is not registered here. Sign in with your password, then add it in Account Settings.",
  passkeyNotVerified: "The passkey could not be verified. Please try again.",
  passkeyAlreadyAdded: "This passkey is already added to your account",
  passkeyLimit: (max: number) => `You can add at most ${max} passkeys`,
  passkeyNotFound: "Passkey not found",
  passkeyAdded: "Passkey added!",
  passkeyRemoved: "Passkey removed.",
  passkeyCancelled: "The passkey request was cancelled or timed out.",
  passkeyUnsupported: "This browser cannot use passkeys.",
  // Keep the password or not (issue 46 item 2): passkeys only, and a password set again later.
  passwordRemoveNeedsPasskey: "Add a passkey first: without a password, you sign in with a passkey.",
  noPasswordToRemove: "Your account has no password.",
  /** A passwordless account proves it is the player with a passkey, never a typed password. */
  noPasswordUsePasskey: "Your account has no password. Confirm with one of your passkeys instead.",
  lastPasskeyNeedsPassword: "This is your last passkey and your account has no password: set a password first, or you could not sign in.",
  passwordSetProofRequired: "Confirm with one of your passkeys to set a password.",
  passwordRemoved: "Password removed. You sign in with passkeys only, and other devices are signed out.",
  passwordSet: "Password set! You can sign in with it or with a passkey.",
  passkeysOnly: "You sign in with passkeys only.",

  // Password change
  passwordFieldsRequired: "Please fill in all password fields",
  newPasswordTooShort: "Password must be at least 8 characters long",
  newPasswordTooLong: "Password must be at most 128 characters long",
  passwordIsUsername: "Your password can't be your username",
  passwordTooCommon: "That password is one of the most common ones and easy to guess. Please choose another.",
  passwordCheckBusy: "Too many sign-ins at once. Please try again in a moment.",
  passwordsDoNotMatch: "Passwords do not match",

  // PWA status texts (SPEC.md sections 2, 4, 5, 8); shown by the client only.
  termsAccepted: "Terms Accepted!",
  creatingAccount: "Creating your new mystical account...",
  emailCopied: "Email copied to clipboard!",
  copyFailed: "Could not copy. Please select the address and copy it yourself.",
  checkingAvailability: "Checking availability...",
  emailAvailable: "✓ Email is available!",
  displayNameSaved: "Display name updated!",
  emailSaved: "Email address saved!",
  emailRemoved: "Email address removed.",
  passwordSaved: "Password changed!",
  contentNotAvailable: "Content not available.",
  errorLoadingContent: "Error loading content.",
  unexpectedError: "Unexpected Application Error!",
  pageNotFound: "404 Not Found",
  pageNotFoundTitle: "Page not found",
  pageNotFoundBody: "There is nothing at this address. Your cards and coins are safe.",
  logoutConfirmTitle: "Log out?",
  logoutConfirmBody: "You can sign back in any time. Your cards saved on this device for offline play are removed.",
  menuLabel: "Menu",
  offline: "You are offline. Actions that need the server will work again when you reconnect.",
  updateAvailable: "A new version of the game is ready.",
  // Offline screens (issue 12): data loaded earlier in this visit stays readable, marked as such.
  offlineLastSeen: "Offline: shown as last seen before the connection dropped.",
  offlineNotLoaded: "Not loaded before the connection dropped. It appears when you are back online.",
  // A part of the game loaded on demand (a screen, the card inspector, account settings) whose code
  // could not be fetched: offline before the game was stored on this device, or a version replaced.
  partNotLoadedTitle: "Not available yet",
  partNotLoaded: "This part of the game could not be loaded and is not saved on this device yet. Check your connection and reload the game.",
  partReload: "Reload game",

  // Installing the game (issue 12): the account menu, the one-time offer after the third pack, iOS.
  installButton: "Install Foilbound",
  installLead: "Play from your home screen: full screen, one tap away, and your collection works offline.",
  // Issue 47: background notifications, asked for here and never on first load.
  noticesLead: "Get a notification when a trade offer arrives, your coins are full or rewards are ready, while the game is in the background.",
  noticesBlocked: "Notifications are blocked for this site. Allow them in your browser's site settings, then turn them on here.",
  noticesUnsupported: "This browser cannot show notifications from the game.",
  installOfferTitle: "Keep Foilbound on your home screen",
  installOfferDismiss: "Not now",
  installIosHint: "Share, then Add to Home Screen",

  // Packs
  notEnoughCoins: "Not enough coins to open this pack",
  notEnoughGems: "Not enough gems to open this pack",
  /** Issue 44: an 'Open 10' the player cannot pay stays, disabled, and says what is missing. */
  needMore: (missing: number, currency: "coins" | "gems") => `Need ${missing} more ${missing === 1 ? currency.slice(0, -1) : currency}`,
  invalidSet: "Choose a pack from sets 1 to 7",
  mustBeLoggedInToOpen: "Must be logged in to open packs",
  // Pack screen and reveal texts (PWA only). SPEC.md section 2: '{set} Pack Opened!', or
  // 'N {set} Packs Opened!' when more than 3 cards arrived (N = cards / 3).
  packOpenedTitle: (setName: string, packs: number) => (packs > 1 ? `${packs} ${setName} Packs Opened!` : `${setName} Pack Opened!`),
  // RULES.md, Bulk open: the count line is honest, 'N cards - M new' counts new cards only.
  cardsAndNew: (count: number, fresh: number) => `${count} ${count === 1 ? "card" : "cards"} - ${fresh} new`,
  // RULES.md, The reveal order: the best card waits for the player's tap.
  tapToReveal: "Tap to reveal",
  // Issue 44: the pack is torn open before its cards come out.
  tearPack: (setName: string) => `Tear open the ${setName} pack`,
  tearHint: "Swipe or tap to tear",
  packsOfflineNotice: "Opening packs needs a connection. Your packs will be here when you are back online.",
  packOpening: "Opening...",
  packRatesTitle: (setName: string) => `${setName} rarity rates`,
  packRatesNote: "Chances that one card lands in each tier. A pack holds 3 cards, each drawn on its own.",

  // Collection
  collectionEmptyTitle: "No cards found",
  collectionEmptyHint: "Try adjusting your filters or start collecting cards!",
  /** Issue 13: a player with no cards at all is told so, with the way to the packs. */
  collectionNoCardsTitle: "No cards yet",
  collectionNoCardsHint: "Open your first pack and your cards land here.",
  collectionNoCardsAction: "Open a Pack",
  collectionOffline: (syncedAt: string | null) =>
    syncedAt ? `You are offline. Showing your collection as last synced ${syncedAt}.` : "You are offline. Showing your collection as last synced.",
  collectionNotSynced: "You are offline and this collection has not been saved on this device yet. Open it once while online.",
  /** Issue 45: shown quietly from a sign-in until the device's copy is saved. */
  collectionSavingForOffline: "Saving your collection for offline...",

  // Rewards
  unknownReward: "Unknown reward",
  rewardAlreadyClaimed: "Reward already claimed for this period",
  rewardNotReached: "Reward requirement not met yet",
  rewardsOffline: (syncedAt: string | null) =>
    syncedAt ? `You are offline. Showing your rewards as last synced ${syncedAt}.` : "You are offline. Showing your rewards as last synced.",
  rewardsNotSynced: "You are offline and your rewards have not been saved on this device yet. They will load when you are back online.",
  rewardClaimNeedsConnection: "Claiming needs a connection",

  // Chat
  chatEmpty: "Type a message first",
  chatTooLong: "Messages can be at most 500 characters",
  chatInvisible: "Messages need at least one visible character",
  chatTooFast: "You're sending messages too fast. Wait a few seconds and try again.",
  // Chat safety (issue 46): reports, blocks, operator mutes.
  /** The mute's end in UTC, to the minute, e.g. "2026-11-29 03:15 UTC". */
  chatMuted: (untilUtc: string, reason?: string | null) => `You are muted until ${untilUtc}${reason ? ` (${reason})` : ""}. You can still read the chat.`,
  reportReasonInvalid: "Choose a reason for the report",
  reportOwnMessage: "You cannot report your own message",
  reportMessageMissing: "That message no longer exists",
  reportSent: "Thanks. The message was reported to the moderators.",
  reportAlready: "You already reported this message. The moderators have it.",
  reportFailed: "Failed to report the message",
  blockPlayerMissing: "That player does not exist",
  blockSelf: "You cannot block yourself",
  blockDone: (name: string) => `${name} is blocked. Their messages are hidden and they cannot send you trade offers.`,
  unblockDone: (name: string) => `${name} is unblocked.`,
  blockFailed: "Failed to block the player",
  blockConfirm: (name: string) => `Block ${name}? You will no longer see their chat messages, and neither of you can send the other trade offers. You can unblock them later.`,
  blockedListEmpty: "You have not blocked anyone.",
  blocksLoadFailed: "Failed to load blocked players",
  blocksLoading: "Loading blocked players...",
  unblockFailed: "Failed to unblock the player",
  /** The blocker's own offer to a player they blocked: they know of the block, so it is named. */
  tradeYouBlocked: "You blocked this player. Unblock them in the chat to trade with them.",
  /**
   * An offer to a player who blocked the sender. Neutral on purpose: it does not say that the
   * sender is blocked (a block is the blocker's private choice, as RULES.md keeps usernames private).
   */
  tradeNotAccepting: "This player is not taking trade offers right now.",

  // Chat and support dialogs (SPEC.md section 8)
  chatSendFailed: "Failed to send message",
  chatEmptyList: "No messages yet. Say hello!",
  chatLoading: "Loading messages...",
  chatOffline: "Chat needs a connection: sending and new messages wait until you are back online. Messages already loaded stay readable.",
  supportFillBoth: "Please fill in both subject and message",
  supportCopied: (email: string) => `Message copied to clipboard! Please email it to ${email}`,
  supportCopyFailed: (email: string) => `Failed to copy to clipboard. Please manually email ${email}`,

  // Leaderboard (SPEC.md sections 2 and 8)
  leaderboardEmpty: "No players on the leaderboard yet. Be the first!",
  leaderboardLoading: "Loading leaderboard...",
  leaderboardFailed: "Failed to load leaderboard",
  leaderboardSnapshot: (syncedAt: string) => `You are offline. Showing the leaderboard as last synced ${syncedAt}.`,
  leaderboardStaleSnapshot: (syncedAt: string) => `Could not reach the server. Showing the leaderboard as last synced ${syncedAt}.`,
  leaderboardNotSynced: "You are offline and the leaderboard has not been saved on this device yet. It will load when you are back online.",

  // Battles
  battleNeedsCards: "You need at least one card to battle. Open a pack first!",
  battleNotFound: "Battle not found",
  battleOver: "This battle is already over",
  battleTooFast: "Rounds are at least 1 second apart. Wait a moment and try again.",
  battleLoginRequired: "Please log in to access battles.",
  // Battle arena texts (PWA only, SPEC.md sections 2 and 4)
  battleFinding: "Finding Opponent...",
  battleStarting: "Battle starting...",
  battleWon: "You Won!",
  battleLost: "You Lost",
  battleTie: "Battle Ended in a Tie!",
  battleCoinsWon: (coins: number) => `+${coins} ${coins === 1 ? "coin" : "coins"}`,
  battleCapReached: (cap: number) => `Today's ${cap} battle coins are already won. Wins pay again after the daily reset.`,
  battleNoChampions: "No champions yet. Open a pack to recruit your first fighters!",
  battleChampionsLoading: "Loading champions...",
  battleRetrying: "The arena is catching its breath...",
  battleOffline: "Battles need a connection. The arena opens again when you are back online; champions already loaded stay readable.",

  // Trading. Accept errors carry the words the PWA's auto-decline looks for (SPEC.md section 8).
  tradeSelf: "You cannot trade with yourself",
  tradeOfferShape: "Offer exactly one of your cards for one card of the other player",
  tradeOfferedNotYours: "You don't own the offered card",
  tradeRequestedNotTheirs: "The requested card doesn't belong to that player",
  tradeRecipientMissing: "That player does not exist",
  tradeTooManyPending: "You have 50 pending offers. Cancel some before sending more.",
  tradeDuplicate: "You already have this exact offer pending",
  tradeNotFound: "Trade offer not found",
  tradeOnlyRecipient: "Only the player who received this offer can accept or decline it",
  tradeOnlySender: "Only the player who sent this offer can cancel it",
  tradeOffline: "Trading needs a connection: sending, accepting, declining and cancelling offers wait until you are back online. Offers and history already loaded stay readable.",
  tradeNotPending: "This offer is no longer pending",
  tradeExpired: "This offer has expired",
  tradeOfferedGone: "The offered cards are no longer available",
  tradeRequestedGone: "You don't own the requested card anymore",
  // RULES.md, Trading, anti-farming.
  tradeLocked: "Trading unlocks after your first day and 10 packs",
  tradeDailyLimit: "You've made 10 trades today, the daily limit. Trading opens again at midnight UTC.",
  tradeOtherDailyLimit: "The other player has made 10 trades today, the daily limit. Try again tomorrow.",
  tradeUnevenSameNetwork: "This trade is too uneven between two new accounts from the same network",
  tradeOfferSent: "Trade offer sent!",
  tradeOfferFailed: "Failed to send trade offer",
  tradeAccepted: "Trade accepted successfully!",
  tradeCancelled: "Trade cancelled successfully!",
  tradeAutoDeclinedMine: "Trade Auto-Declined: You no longer have this card!",
  tradeAutoDeclinedTheirs: "Trade Auto-Declined: Other player no longer has their cards!",
  tradeAcceptFailed: (error: string) => `Failed to accept trade: ${error}`,
  tradeAcceptNetwork: "Failed to accept trade. Please try again.",
  tradeCancelFailed: (error: string | undefined) => `Failed to cancel trade: ${error || "Unknown error"}`,
  tradeCancelNetwork: "Failed to cancel trade. Please try again.",
  tradeDeclined: "Offer declined",
  tradeDeclineFailed: "Failed to decline trade. Please try again.",
  /** Issue 13: a trade that gives more than 3x the points it gets says so and needs a second tap. */
  tradeUneven: (give: string, get: string, times: string) => `Uneven trade: you give ${give} points and get ${get}, about ${times} times less.`,
  tradeUnevenConfirm: "Yes, trade anyway",
  // Issue 48, trade finder
  tradeWishlistFull: "Your wishlist holds 200 cards. Remove some before adding more.",
  tradeNotACard: "That card does not exist",
  tradeKeepShape: "Keep a number of copies from 0 to 9999, or mark the card not for trade",
  tradeFinderSettingsShape: "Say whether to show you in other players' matches",
  tradeTierHint: "Points are a card's value. Tiers rank a character within its set, so a rare finish or background can make a Rare outscore a Legendary.",

  // Store (SPEC.md section 8 for the client texts)
  unknownPackage: "That package is not for sale",
  paymentsUnavailable: "Payments are unavailable right now. Please try again later.",
  storeOffline: (coins: string, gems: string) => `Purchases need a connection: the store opens again when you are back online. Your balance: ${coins} coins and ${gems} gems.`,
  purchaseNotFound: "Purchase not found",
  purchaseReversed: "This payment was refunded or disputed, so its coins and gems were taken back",
  checkoutBusy: "Your checkout is still being prepared. Please try again in a moment.",
  // A checkout ends when a newer one starts, when the spending limit is set or lowered, and after 24 hours unpaid.
  checkoutEnded: "This checkout has ended: nothing was charged. Please choose the package again.",
  testModeBanner: "TEST MODE: Payments here are simulated with test cards. No real money is charged and test purchases are marked in your history.",
  purchaseRefunded: "Refunded",
  purchaseDisputed: "Disputed",
  testPurchase: "Test purchase",
  purchaseNotYours: "This payment belongs to another player",
  purchasePackageMismatch: "This payment was made for a different package",
  purchaseAmountMismatch: "The payment amount does not match the package price",
  paymentFailed: "Payment failed",
  paymentPending: "Your payment is still being processed. Your balance updates as soon as it clears.",
  webhookSignature: "Invalid webhook signature",
  testCardDeclined: "Your card was declined.",
  testCardUnknown: "This is the test store: pay with card 4242 4242 4242 4242 (4000 0000 0000 0002 is declined)",
  testCardExpiry: "Enter the card's expiry date as MM/YY, in the future",
  testCardCvc: "Enter the card's 3 or 4 digit security code",
  failedToCreatePayment: "Failed to create payment",
  networkError: "Network error. Please try again.",
  failedToConfirmPurchase: "Failed to confirm purchase",
  unexpectedPaymentError: "An unexpected error occurred",
  cardInfoNotFound: "Card information not found",
  failedToFetchPurchases: "Failed to fetch purchase history",
  termsRequiredForPurchase: "Required to complete purchase",

  invalidPackCount: "You can open 1 or 10 packs at a time",
  // RULES.md, Spending limit.
  spendingLimitPassed: (limit: string) => `This purchase would pass your monthly spending limit of ${limit}`,
  spendingLimitInvalid: "Enter a monthly limit in whole dollars, from $0 (no purchases) to $100,000, or no limit",
  spendingLimitTitle: "Spending limit",
  spendingLimitNone: "No limit",
  spendingLimitSaved: "Spending limit saved.",
  spendingLimitPending: (limit: string, at: string) => `Your limit changes to ${limit} on ${at} (raising or removing a limit waits 24 hours).`,
  spendingLimitSpent: (spent: string, limit: string | null) => (limit ? `${spent} of ${limit} spent this month` : `${spent} spent this month`),
  spendingLimitReserved: (reserved: string) => `${reserved} held by an unfinished checkout until it is paid or ends`,
  // Fair play (RULES.md, Beyond SPEC.md): provably fair pulls, pity, pull history, exports.
  clientSeedInvalid: "A client seed is 1-64 printable characters (letters, digits, spaces and punctuation, no emoji or accents)",
  pullsFilterInvalid: "Unknown set or tier filter",
  seedUsedUp: "Your server seed has drawn all the packs one seed can. Rotate it on the Fair Play page to keep opening packs.",
  seedCheckInvalid: "A server seed is 64 characters of 0-9 and a-f",
  pityWithin: (n: number) => `Legendary or better within ${n} ${n === 1 ? "pack" : "packs"}`,
  pityNext: "Next pack: Legendary or better guaranteed",
  oddsBeforeGuarantee: "Odds per card, before the guarantee",
  pityRule: (packs: number) => `every ${packs}th pack in a row without one is guaranteed one`,
  fairnessTitle: "Fair Play",
  fairnessIntro: "Every pack is drawn from your server seed, your client seed and a pack number (the nonce). You see a fingerprint of the server seed (its SHA-256 hash) before you open anything; rotating reveals the seed, so you can recompute every pack it drew, right here in your browser.",
  rotateExplanation: "Rotate reveals your current server seed, so the packs it drew can be checked, and locks in a new one (shown only as its hash). Your pack number starts again at 0.",
  rotateDone: "Seed revealed. A new one is locked in.",
  clientSeedSaved: "Client seed saved. Your next pack uses it.",
  packsMatch: (n: number) => `All ${n} ${n === 1 ? "pack matches" : "packs match"}`,
  packsMismatch: (bad: number, n: number) => `${bad} of ${n} packs do not match`,
  commitmentMismatch: "This seed does not match its commitment",
  noRevealedSeeds: "No seed revealed yet. Rotate to reveal your current seed and check its packs.",
  historyTitle: "Pull History",
  historyEmpty: "No packs opened yet. Open a pack and it shows up here.",
  historyFilteredEmpty: "No packs match these filters.",
  historyError: "Failed to load your pull history",
  fairnessError: "Failed to load fair play details",

  // Generic
  badRequest: "Invalid request",
  badCharacters: "That text contains characters that are not allowed",
  numberOutOfRange: "That number is out of range",
  numberTooLarge: "That would take a number past what the game can store, so nothing was changed.",
  dateOutOfRange: "That date is out of range",
  methodNotAllowed: "That action is not available here",
  notFound: "Not found",
  forbiddenOrigin: "Request refused: it did not come from this site",
  serverError: "Something went wrong on our side. Please try again.",
  databaseUnavailable: "The game is temporarily unavailable. Please try again in a moment.",
} as const;

/** Client fallbacks when a failed call carries no server text (SPEC.md section 8). */
export const FALLBACK = {
  authenticate: "Failed to authenticate",
  login: "Login failed",
  register: "Registration failed",
  logout: "Logout failed",
  userData: "Failed to get user data",
  collection: "Failed to get collection",
  openPack: "Failed to open pack",
  leaderboard: "Failed to get leaderboard",
  champions: "Failed to get champions",
  checkUsername: "Failed to check username",
  setUsername: "Failed to set username",
  getEmail: "Failed to get email",
  checkEmail: "Failed to check email",
  updateEmail: "Failed to update email",
  updatePassword: "Failed to update password",
  deleteAccount: "Failed to delete account",
  passkeys: "Failed to load passkeys",
  addPasskey: "Failed to add the passkey",
  removePasskey: "Failed to remove the passkey",
  removePassword: "Failed to remove the password",
  passkeySignIn: "Passkey sign-in failed",
  checkAvailability: "Failed to check availability",
  checkEmailAvailability: "Failed to check email availability",
  unlinkEmail: "Failed to unlink email",
  findOpponent: "Failed to find opponent",
  battleRound: "Failed to continue battle round",
  forgotPassword: "Failed to send the reset link",
  resetPassword: "Failed to reset the password",
  confirmEmail: "Failed to confirm the email address",
} as const;
