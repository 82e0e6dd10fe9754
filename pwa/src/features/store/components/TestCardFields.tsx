import { TextField } from "../../../lib/ui/TextField";

export interface TestCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_TEST_CARD: TestCard = { cardNumber: "", expiry: "", cvc: "" };

const TEST_CARDS = [
  { number: "4242 4242 4242 4242", result: "succeeds" },
  { number: "4000 0000 0000 0002", result: "is declined" },
] as const;

/** Groups of four as the player types: "4242424242424242" -> "4242 4242 4242 4242". */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");

/** "1230" -> "12/30" as the player types. */
const expiryOf = (value: string) => {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** The built-in test provider's card form (RULES.md, Store): no real card, no real money. */
export function TestCardFields({ card, onChange, disabled }: { card: TestCard; onChange: (card: TestCard) => void; disabled: boolean }) {
  return (
    <div className="store-card store-card--test">
      <div className="store-test-note" role="note" aria-label="Test store">
        <p>
          <strong>Test store.</strong> No real payment is taken: use one of these test cards with any future expiry date and any 3-digit CVC.
        </p>
        <ul>
          {TEST_CARDS.map((c) => (
            <li key={c.number}>
              <button type="button" className="store-test-card" disabled={disabled} onClick={() => onChange({ ...card, cardNumber: c.number })} aria-label={`Use test card ${c.number}, which ${c.result}`}>
                <code>{c.number}</code> <span>{c.result}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <TextField
        label="Card number"
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.cardNumber}
        disabled={disabled}
        onChange={(e) => onChange({ ...card, cardNumber: groupDigits(e.target.value) })}
        icon="lock"
      />
      <div className="store-card__row">
        <TextField
          label="Expiry"
          name="cc-exp"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          disabled={disabled}
          onChange={(e) => onChange({ ...card, expiry: expiryOf(e.target.value) })}
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={card.cvc}
          disabled={disabled}
          onChange={(e) => onChange({ ...card, cvc: e.target.value.replace(/\D/g, "").slice(0, 4) })}
        />
      </div>
    </div>
  );
}
