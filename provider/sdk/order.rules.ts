import { INTENTS } from './constants';
import { MESSAGES } from './errors';

/** An order as the page passes it to order.create (§7: intent and purchase_units). */
export interface OrderUnit {
  amount: { value: string; currency_code?: string };
  payee?: { merchant_id?: string; email_address?: string };
  [key: string]: unknown;
}

export interface OrderInput {
  intent?: string;
  purchase_units: OrderUnit[];
  [key: string]: unknown;
}

export interface OrderScriptSettings {
  intent: string;
  currency: string;
  merchantIds: readonly string[];
}

/**
 * §5: the order's intent and currency must match the script's settings, and a payee needs a
 * merchant id in the script. Returns the order with the script's intent (upper case, as the
 * orders API wants it) and currency filled in.
 */
export function prepareOrder(order: OrderInput, settings: OrderScriptSettings): OrderInput {
  if (order.intent && order.intent.toLowerCase() !== settings.intent) throw new Error(MESSAGES.unexpectedIntent(order.intent));
  const purchaseUnits = order.purchase_units.map((unit) => {
    const currency = unit.amount.currency_code;
    if (currency && currency !== settings.currency) throw new Error(MESSAGES.unexpectedCurrency(currency));
    if (unit.payee && settings.merchantIds.length === 0) throw new Error(MESSAGES.payeeWithoutMerchantId);
    return { ...unit, amount: { ...unit.amount, currency_code: settings.currency } };
  });
  return { ...order, intent: settings.intent.toUpperCase(), purchase_units: purchaseUnits };
}

const MONEY_PATTERN = /^\d+(\.\d{1,2})?$/;

/** What the sandbox's orders endpoint checks before it answers with an id; null when the order is acceptable. */
export function orderProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return 'The order must be a JSON object';
  const order = body as Partial<OrderInput>;
  if (typeof order.intent !== 'string' || !(INTENTS as readonly string[]).includes(order.intent.toLowerCase())) {
    return `intent must be one of ${INTENTS.map((i) => i.toUpperCase()).join(', ')}`;
  }
  if (!Array.isArray(order.purchase_units) || order.purchase_units.length === 0) return 'purchase_units must hold at least one unit';
  for (const unit of order.purchase_units) {
    const amount = (unit as Partial<OrderUnit> | null)?.amount;
    if (!amount || typeof amount.value !== 'string' || !MONEY_PATTERN.test(amount.value)) return 'Each purchase unit needs an amount value such as 10.00';
    if (typeof amount.currency_code !== 'string' || !/^[A-Z]{3}$/.test(amount.currency_code)) return 'Each purchase unit needs a three-letter currency_code';
  }
  return null;
}
