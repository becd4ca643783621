import { IDEMPOTENCY_KEY_RULE, isIdempotencyKey } from '@verdant/validation';
import type { ModuleContext } from '../context.ts';
import { ApiError, codeForStatus, toApiError } from '../errors.ts';
import { integer, invalid, shape, uuid } from '../validate.ts';
import { invokeMoneyFunction } from './money-shared.ts';

/** The `create-checkout` edge function. */
export const CREATE_CHECKOUT_FUNCTION = 'create-checkout';
/** Path of the checkout on the site's own origin (the CDN rewrites it to `create-checkout`). */
export const SITE_CHECKOUT_PATH = '/api/checkout';
export const CHECKOUT_MAX_ITEMS = 50;
export const CHECKOUT_MAX_QUANTITY = 100;

export interface CheckoutItem {
  productId: string;
  quantity: number;
}

export interface OrderCheckoutInput {
  items: CheckoutItem[];
  /** The click id of the link the shopper came from, when the app knows it. */
  clickId?: string;
}

export interface CheckoutSession {
  orderId: string;
  /** Where to send the shopper: Stripe Checkout, or the local test checkout. */
  url: string;
}

export interface OrderCheckoutOptions {
  /**
   * The site's origin (e.g. `window.location.origin`): the checkout is then started through
   * `{siteUrl}/api/checkout`, so the first-party `verdant_ref` cookie of `/go/{code}` comes along
   * and the sale is attributed. Without it the function is called on the API URL.
   */
  siteUrl?: string;
  /**
   * Sent as the `Idempotency-Key` header: the same cart sent again under the same key (a retry
   * after a lost answer, a second click) gets the same order and checkout instead of a new order.
   * Use one key per cart (e.g. `crypto.randomUUID()`), and a new one when the cart changes. A
   * different cart under a used key fails with `conflict` (`idempotency_key_reused`), and so does
   * a key whose checkout has been paid (`checkout_completed`) or closed (`checkout_closed`).
   */
  idempotencyKey?: string;
  /**
   * The `idempotencyKey` of an earlier checkout of this cart from this browser that this one takes
   * the place of (the cart changed after its checkout was opened). That order's session is expired
   * and its units of stock go back before the new order takes its own; one paid meanwhile is left
   * alone. Only the buyer who made it (the same user, or a guest) can close it this way.
   */
  replaces?: string;
}

/** Shape checks of the cart, the same as the function's own (prices never leave the database). */
export function validateOrderCheckout(input: unknown): OrderCheckoutInput {
  const value = shape('checkout', input, ['items', 'clickId']);
  const items = value.items;
  if (!Array.isArray(items) || items.length === 0 || items.length > CHECKOUT_MAX_ITEMS)
    invalid('checkout.items', `must list between 1 and ${CHECKOUT_MAX_ITEMS} products`);
  const seen = new Set<string>();
  const clean = items.map((item, index) => {
    const entry = shape(`checkout.items.${index}`, item, ['productId', 'quantity']);
    const productId = uuid(`checkout.items.${index}.productId`, entry.productId);
    if (seen.has(productId)) invalid(`checkout.items.${index}.productId`, 'appears twice');
    seen.add(productId);
    const quantity = integer(
      `checkout.items.${index}.quantity`,
      entry.quantity,
      1,
      CHECKOUT_MAX_QUANTITY,
    );
    return { productId, quantity };
  });
  return value.clickId === undefined
    ? { items: clean }
    : { items: clean, clickId: uuid('checkout.clickId', value.clickId) };
}

export function createCheckoutModule(context: ModuleContext) {
  const { supabase } = context;
  return {
    /**
     * Creates the order (prices, stock and status checked in the database) and a card checkout
     * session; send the shopper to `url`. After paying they return to
     * `/payment-success?order={orderId}`, after cancelling to `/payment-canceled?order={orderId}`.
     */
    async createOrderCheckout(
      input: OrderCheckoutInput,
      options: OrderCheckoutOptions = {},
    ): Promise<CheckoutSession> {
      const cart = validateOrderCheckout(input);
      const { idempotencyKey, replaces } = options;
      if (idempotencyKey !== undefined && !isIdempotencyKey(idempotencyKey))
        invalid('idempotencyKey', `must be ${IDEMPOTENCY_KEY_RULE}`);
      if (replaces !== undefined && !isIdempotencyKey(replaces))
        invalid('replaces', `must be ${IDEMPOTENCY_KEY_RULE}`);
      const body = replaces === undefined ? cart : { ...cart, replaces };
      const keyHeader: Record<string, string> =
        idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey };
      if (!options.siteUrl)
        return invokeMoneyFunction<CheckoutSession>(
          context,
          CREATE_CHECKOUT_FUNCTION,
          body,
          keyHeader,
        );

      let site: URL;
      try {
        site = new URL(options.siteUrl);
      } catch {
        invalid('siteUrl', 'must be an absolute URL');
      }
      const { data } = await supabase.auth.getSession();
      // The client's own public key, as supabase-js sends it on every request it makes itself.
      const apikey = (supabase as unknown as { supabaseKey?: string }).supabaseKey;
      const token = data.session?.access_token ?? apikey;
      let response: Response;
      try {
        response = await fetch(new URL(SITE_CHECKOUT_PATH, site), {
          method: 'POST',
          credentials: 'include',
          headers: {
            'content-type': 'application/json',
            ...keyHeader,
            ...(apikey ? { apikey } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
      } catch (thrown) {
        throw await toApiError(thrown);
      }
      const answer = (await response.json().catch(() => null)) as
        (CheckoutSession & { error?: { code?: string; message?: string } }) | null;
      if (!response.ok || !answer || answer.error) {
        throw new ApiError(
          codeForStatus(response.status),
          answer?.error?.message ?? `Checkout failed with status ${response.status}`,
          {
            status: response.status,
            ...(answer?.error?.code ? { upstreamCode: answer.error.code } : {}),
          },
        );
      }
      return { orderId: answer.orderId, url: answer.url };
    },
  };
}

export type CheckoutModule = ReturnType<typeof createCheckoutModule>;
